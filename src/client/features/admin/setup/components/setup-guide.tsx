import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { listStateOf } from '@/client/components/admin-list';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { LoadFailure } from '@/client/components/load-failure';
import { Skeleton } from '@/client/components/skeleton';
import type { ApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import type { SetupGuide as Guide, SetupStep } from '@/shared/admin-types';
import { setupGuideQuery } from '../api/get-setup-guide';
import { goLiveMutation } from '../api/go-live';
import { updateSetupGuideMutation } from '../api/update-setup-guide';
import { SETUP_STEPS, SETUP_TEXTS } from '../texts';
import * as styles from './setup-guide.css';

/**
 * The admin's setup guide on the dashboard. The nine steps in order, each done or not (an
 * icon and the words), what it still lacks in the owner's words (the server's), and where that is
 * fixed; the gaps that take days (approvals outside the shop) first. The owner ticks the policies
 * step; the last step's Go live removes the demo data. Collapsed once every step is done, gone once
 * the shop is also live.
 */
export function SetupGuide() {
  const query = useQuery(setupGuideQuery());
  const { answer, failure } = listStateOf(query);
  if (answer !== undefined) return <GuidePanel guide={answer} />;
  return (
    <section className={styles.guide} aria-labelledby="setup-guide-title" aria-busy={!failure || undefined}>
      <h2 id="setup-guide-title" className={styles.title}>
        {SETUP_TEXTS.title}
      </h2>
      {failure ? (
        <LoadFailure message={SETUP_TEXTS.loadFailed} failure={failure} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Skeleton height={44} />
          <Skeleton height={88} />
          <Skeleton height={88} />
        </>
      )}
    </section>
  );
}

function GuidePanel({ guide }: { guide: Guide }) {
  const allDone = guide.steps.length > 0 && guide.steps.every((step) => step.done);
  const [open, setOpen] = useState(!allDone);
  const listId = useId();
  if (allDone && !guide.demoShop) return null;
  const slow = guide.steps.flatMap((step) => step.missing.filter((gap) => gap.takesDays).map((gap) => ({ step, gap })));
  const doneCount = guide.steps.filter((step) => step.done).length;
  return (
    <section className={styles.guide} aria-labelledby="setup-guide-title">
      <div className={styles.header}>
        <h2 id="setup-guide-title" className={styles.title}>
          {SETUP_TEXTS.title}
        </h2>
        {allDone && (
          <button type="button" className={button({ tone: 'quiet' })} aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
            {open ? SETUP_TEXTS.hide : SETUP_TEXTS.show}
          </button>
        )}
      </div>
      <p className={styles.note}>
        {allDone ? SETUP_TEXTS.allDone : SETUP_TEXTS.intro} {SETUP_TEXTS.progress(doneCount, guide.steps.length)}.
      </p>
      {guide.steps.length === 0 && <p className={styles.note}>{SETUP_TEXTS.empty}</p>}
      {open && (
        <div id={listId} className={styles.list}>
          {slow.length > 0 && (
            <section className={styles.takesDays} aria-labelledby="setup-takes-days">
              <h3 id="setup-takes-days" className={styles.takesDaysTitle}>
                {SETUP_TEXTS.takesDaysTitle}
              </h3>
              <p className={styles.takesDaysNote}>{SETUP_TEXTS.takesDaysNote}</p>
              <ul className={styles.takesDaysGaps}>
                {slow.map(({ step, gap }) => (
                  <li key={`${step.id} ${gap.text}`}>
                    {SETUP_STEPS[step.id].name}: {gap.text}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <ol className={styles.list}>
            {guide.steps.map((step) => (
              <StepItem key={step.id} step={step} guide={guide} />
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

const CheckIcon = () => (
  <svg viewBox="0 0 24 24" className={styles.iconDone} aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="10" fill="currentColor" />
    <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const OpenIcon = () => (
  <svg viewBox="0 0 24 24" className={styles.iconTodo} aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="4 3" />
  </svg>
);

function StepItem({ step, guide }: { step: SetupStep; guide: Guide }) {
  const meta = SETUP_STEPS[step.id];
  const nameId = useId();
  return (
    <li className={styles.step} aria-labelledby={nameId}>
      {step.done ? <CheckIcon /> : <OpenIcon />}
      <div className={styles.stepBody}>
        <div className={styles.stepHead}>
          <h3 id={nameId} className={styles.stepName}>
            {meta.name}
          </h3>
          <span className={step.done ? styles.stateDone : styles.stateTodo}>{step.done ? SETUP_TEXTS.done : SETUP_TEXTS.notDone}</span>
        </div>
        {step.missing.length > 0 && (
          <ul className={styles.gaps}>
            {step.missing.map((gap) => (
              <li key={gap.text}>{gap.text}</li>
            ))}
          </ul>
        )}
        {step.ownerTicks && <PoliciesTick done={step.done} />}
        {!step.done && meta.fix && !step.ownerTicks && (
          <Link to={meta.fix.to} hash={meta.fix.hash} className={styles.fixLink}>
            {meta.fix.label}
          </Link>
        )}
        {!step.done && meta.docs && <p className={styles.docs}>{meta.docs}</p>}
        {step.id === 'go-live' && guide.demoShop && <GoLive guide={guide} />}
      </div>
    </li>
  );
}

function PoliciesTick({ done }: { done: boolean }) {
  const mutation = useMutation(updateSetupGuideMutation());
  return (
    <label className={styles.tick}>
      <input
        type="checkbox"
        className={styles.tickBox}
        checked={mutation.isPending ? !done : done}
        disabled={mutation.isPending}
        onChange={(event) => mutation.mutate({ policiesDone: event.target.checked }, { onError: (failure: ApiFailure) => toast.error(failure.message) })}
      />
      {SETUP_TEXTS.policiesTick}
    </label>
  );
}

function GoLive({ guide }: { guide: Guide }) {
  const [asking, setAsking] = useState(false);
  const mutation = useMutation(goLiveMutation());
  const blockedId = useId();
  // mutateAsync, not mutate's callbacks: going live refetches the guide, which then no longer shows
  // this step's button, and callbacks given to mutate() are dropped once their component unmounts.
  const confirm = () =>
    mutation.mutateAsync().then(
      () => {
        setAsking(false);
        toast.success(SETUP_TEXTS.goLiveDone);
      },
      (failure: ApiFailure) => {
        setAsking(false);
        toast.error(failure.message);
      },
    );
  return (
    <>
      <p className={styles.note}>{SETUP_TEXTS.goLiveIntro}</p>
      {!guide.canGoLive && (
        <p id={blockedId} className={styles.blocked}>
          {SETUP_TEXTS.goLiveBlocked} {guide.goLiveBlockedBy}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={button({ tone: 'danger' })}
          disabled={!guide.canGoLive || mutation.isPending}
          aria-describedby={guide.canGoLive ? undefined : blockedId}
          onClick={() => setAsking(true)}
        >
          {mutation.isPending && <Busy />}
          {SETUP_TEXTS.goLive}
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title={SETUP_TEXTS.goLiveTitle}
          text={SETUP_TEXTS.goLiveText(guide.demoData)}
          confirmLabel={SETUP_TEXTS.goLiveConfirm}
          busy={mutation.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
