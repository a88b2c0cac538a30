import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { button } from '@/client/components/button';
import { ProductImage } from '@/client/components/product-image';
import { LIMITS } from '@/shared/constants';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { IMAGE_ACCEPT, imageFileProblem } from '../lib/image-files';
import type { ImageSource } from '../lib/product-form-data';
import { useObjectUrl } from '../lib/use-object-url';
import { PRODUCT_TEXTS } from '../texts';
import * as styles from './product-form.css';

/** One filled place in the image list; `id` stays with the place through replace and moves. */
export interface ImageSlot {
  id: string;
  source: ImageSource;
}

let slotSerial = 0;
export function newSlot(source: ImageSource): ImageSlot {
  slotSerial += 1;
  return { id: `image-${slotSerial}`, source };
}

/** Where the focus goes after a change that removes or disables the focused button. */
type FocusTarget = { slotId: string; action: 'replace' | 'remove' | 'left' | 'right' } | 'add';

interface ImageSlotsProps {
  slots: ImageSlot[];
  onChange(slots: ImageSlot[]): void;
  /** The images' error (the first image missing, a refused file). */
  error?: string;
  /** Whether the error is shown here (not when the form's message above already says it). */
  ownError: boolean;
  /** A refused file sets the error; a file taken clears it. */
  onError(error: string | undefined): void;
  disabled: boolean;
  /** The fieldset, for the focus on a refused submit (its first button). */
  fieldsetRef(element: HTMLFieldSetElement | null): void;
}

/**
 * Up to 4 images in order, each with a preview and Replace, Remove, Move left and Move right; the
 * next free place has Add images (several files at once). Files are checked here with the server's
 * texts (type and 5 MB) before they are taken; the server checks the bytes again.
 */
/**
 * The changes to the images: files added (checked first), replaced, removed and moved, each said
 * aloud; the focus follows to the button that stands for the change once the slots are drawn.
 */
function useSlotChanges({ slots, onChange, onError }: Pick<ImageSlotsProps, 'slots' | 'onChange' | 'onError'>) {
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfter = useRef<FocusTarget | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the slots
  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (!target) return;
    const selector = target === 'add' ? '[data-action="add"]' : `[data-slot="${target.slotId}"][data-action="${target.action}"]`;
    listRef.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [slots]);

  const change = (next: ImageSlot[], message: string, focus: FocusTarget | null = null) => {
    focusAfter.current = focus;
    setAnnouncement(message);
    onChange(next);
  };

  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (files.length === 0) return;
    if (slots.length + files.length > LIMITS.maxProductImages) {
      onError(SERVER_MESSAGES.tooManyImages);
      return;
    }
    const problem = files.map(imageFileProblem).find((p) => p !== null);
    if (problem) {
      onError(problem);
      return;
    }
    onError(undefined);
    const next = [...slots, ...files.map((file) => newSlot({ kind: 'new', file }))];
    const added = files.length === 1 ? '1 image added.' : `${files.length} images added.`;
    // Full: the Add images button goes, so the focus moves to the last image.
    const last = next.at(-1);
    change(next, added, next.length >= LIMITS.maxProductImages && last ? { slotId: last.id, action: 'replace' } : null);
  };

  const replace = (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    const slot = slots[index];
    if (!file || !slot) return;
    const problem = imageFileProblem(file);
    if (problem) {
      onError(problem);
      return;
    }
    onError(undefined);
    change(
      slots.map((s, i) => (i === index ? { ...s, source: { kind: 'new', file } } : s)),
      `Image ${index + 1} replaced.`,
    );
  };

  const remove = (index: number) => {
    const next = slots.filter((_, i) => i !== index);
    const neighbour = next[index] ?? next[index - 1];
    change(next, `Image ${index + 1} removed.`, neighbour ? { slotId: neighbour.id, action: 'remove' } : 'add');
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const moving = slots[index];
    const other = slots[to];
    if (!moving || !other) return;
    const next = [...slots];
    next[to] = moving;
    next[index] = other;
    // The focus follows the image; at either end its button in that direction is disabled.
    const action = by === -1 ? (to === 0 ? 'right' : 'left') : to === next.length - 1 ? 'left' : 'right';
    change(next, `Image ${index + 1} moved to place ${to + 1}.`, { slotId: moving.id, action });
  };

  return { announcement, listRef, addFiles, replace, remove, move };
}

export function ImageSlots({ slots, onChange, error, ownError, onError, disabled, fieldsetRef }: ImageSlotsProps) {
  const { announcement, listRef, addFiles, replace, remove, move } = useSlotChanges({ slots, onChange, onError });
  const describedBy = ['product-images-hint', ...(error ? [ownError ? 'product-images-error' : 'product-form-message'] : [])].join(' ');

  return (
    <fieldset ref={fieldsetRef} className={styles.fieldset} aria-describedby={describedBy} disabled={disabled}>
      <legend className={styles.legend}>Images</legend>
      <p id="product-images-hint" className={styles.hint}>
        {PRODUCT_TEXTS.imagesHint}
      </p>
      <ol ref={listRef} className={styles.slots} aria-label="Product images">
        {slots.map((slot, index) => (
          <FilledSlot
            key={slot.id}
            slot={slot}
            index={index}
            count={slots.length}
            invalid={Boolean(error)}
            onReplace={(event) => replace(index, event)}
            onRemove={() => remove(index)}
            onMove={(by) => move(index, by)}
          />
        ))}
        <EmptySlots filled={slots.length} invalid={Boolean(error)} onAdd={addFiles} />
      </ol>
      {error && ownError && (
        <p id="product-images-error" className={styles.fieldError}>
          {error}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </fieldset>
  );
}

/** The free places: the next one with Add images (several files at once), the rest numbered. */
function EmptySlots({ filled, invalid, onAdd }: { filled: number; invalid: boolean; onAdd(event: ChangeEvent<HTMLInputElement>): void }) {
  const addInputRef = useRef<HTMLInputElement>(null);
  const free = LIMITS.maxProductImages - filled;
  return (
    <>
      {free > 0 && (
        <li className={`${styles.emptySlot} ${invalid ? styles.invalidSlot : ''}`}>
          <p className={styles.slotCaption}>{filled === 0 ? 'Image 1 (required)' : `Image ${filled + 1} (optional)`}</p>
          <button
            type="button"
            data-action="add"
            className={`${button({ tone: 'quiet', size: 'sm' })} ${styles.slotButton}`}
            onClick={() => addInputRef.current?.click()}
          >
            Add images
          </button>
          <input ref={addInputRef} type="file" hidden multiple accept={IMAGE_ACCEPT} aria-label="Image files to add" onChange={onAdd} />
        </li>
      )}
      {Array.from({ length: Math.max(0, free - 1) }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: empty places, known only by their number
        <li key={`free-${filled + 2 + i}`} className={styles.emptySlot} aria-hidden="true">
          <p className={styles.slotCaption}>Image {filled + 2 + i} (optional)</p>
        </li>
      ))}
    </>
  );
}

interface FilledSlotProps {
  slot: ImageSlot;
  index: number;
  count: number;
  invalid: boolean;
  onReplace(event: ChangeEvent<HTMLInputElement>): void;
  onRemove(): void;
  onMove(by: -1 | 1): void;
}

function FilledSlot({ slot, index, count, invalid, onReplace, onRemove, onMove }: FilledSlotProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const number = index + 1;
  const smallButton = `${button({ tone: 'quiet', size: 'sm' })} ${styles.slotButton}`;
  const tag = (action: string) => ({ 'data-slot': slot.id, 'data-action': action });

  return (
    <li className={`${styles.slot} ${invalid ? styles.invalidSlot : ''}`}>
      <SlotPreview source={slot.source} alt={`Image ${number}`} />
      <p className={styles.slotCaption}>{index === 0 ? `Image ${number} (main)` : `Image ${number}`}</p>
      <div className={styles.slotButtons}>
        <button type="button" {...tag('replace')} className={smallButton} aria-label={`Replace image ${number}`} onClick={() => inputRef.current?.click()}>
          Replace
        </button>
        <button type="button" {...tag('remove')} className={smallButton} aria-label={`Remove image ${number}`} onClick={onRemove}>
          Remove
        </button>
        <button
          type="button"
          {...tag('left')}
          className={smallButton}
          aria-label={`Move left: image ${number}`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          Move left
        </button>
        <button
          type="button"
          {...tag('right')}
          className={smallButton}
          aria-label={`Move right: image ${number}`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          Move right
        </button>
      </div>
      <input ref={inputRef} type="file" hidden accept={IMAGE_ACCEPT} aria-label={`Replacement file for image ${number}`} onChange={onReplace} />
    </li>
  );
}

function SlotPreview({ source, alt }: { source: ImageSource; alt: string }) {
  const objectUrl = useObjectUrl(source.kind === 'new' ? source.file : null);
  if (source.kind === 'kept') return <ProductImage src={source.url} alt={alt} width={160} height={160} sizes="160px" className={styles.preview} />;
  // Until the object URL exists, a placeholder of the same size keeps the slot from jumping.
  return objectUrl ? (
    <img src={objectUrl} alt={alt} width={160} height={160} className={styles.preview} />
  ) : (
    <span className={styles.preview} aria-hidden="true" />
  );
}
