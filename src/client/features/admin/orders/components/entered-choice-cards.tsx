import { type ChoiceField, radioOf } from '@/client/components/form-radio';
import * as styles from './enter-order-page.css';

interface EnteredChoiceCardsProps<V extends string> {
  field: ChoiceField<V>;
  /** The radios' name, also in their hints' ids (`entered-<name>-<value>-hint`). */
  name: string;
  choices: readonly { value: V; name: string; hint: string }[];
}

/** A radio group of the order being recorded as cards (how it is paid, how it starts): each its name and a hint, the whole card the target. */
export function EnteredChoiceCards<V extends string>({ field, name, choices }: EnteredChoiceCardsProps<V>) {
  return (
    <div className={styles.choices}>
      {choices.map((choice, index) => (
        <label key={choice.value} className={styles.choice}>
          <input {...radioOf(field, choice.value, index)} name={name} className={styles.radio} aria-describedby={`entered-${name}-${choice.value}-hint`} />
          <span className={styles.choiceText}>
            <span className={styles.choiceHead}>{choice.name}</span>
            <span id={`entered-${name}-${choice.value}-hint`} className={styles.choiceHint}>
              {choice.hint}
            </span>
          </span>
        </label>
      ))}
    </div>
  );
}
