import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '@/client/components/avatar';
import { button } from '@/client/components/button';
import { ApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import { useSession } from '@/client/stores/session';
import { LIMITS } from '@/shared/constants';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { AVATAR_TEXTS, removeAvatar, uploadAvatar } from '../avatar-api';
import * as css from './edit-profile.css';

/** What is wrong with a chosen file before it is sent (the server says the same), or null. */
export function photoProblem(file: File): string | null {
  if (file.type && !file.type.startsWith('image/')) return SERVER_MESSAGES.notAnImage;
  if (file.size === 0) return SERVER_MESSAGES.notAnImage;
  if (file.size > LIMITS.maxImageBytes) return SERVER_MESSAGES.imageTooLarge;
  return null;
}

/** A local URL for the chosen file's preview (none where the browser cannot make one). */
function previewOf(file: File | null): string | null {
  return file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

/** What a failed upload or removal says; nothing for a 401 (the http client has signed the user out and said so; the dialog closes). */
function failureText(failure: Error | null): string | null {
  if (!failure || (failure instanceof ApiFailure && failure.status === 401)) return null;
  return failure.message || AVATAR_TEXTS.uploadFailed;
}

/**
 * The optional profile photo, apart from the form's fields: choose a file, see it, then
 * Upload (or Cancel); Remove takes the photo away. Without a photo the initials show.
 */
export function AvatarPicker() {
  const session = useSession((s) => s.session);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const reset = () => {
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };

  const save = useMutation({
    mutationFn: ({ call }: { call: () => Promise<{ avatar: string | null }>; done: string }) => call(),
    onSuccess: (user, { done }) => {
      useSession.getState().update({ avatar: user.avatar });
      reset();
      toast.success(done);
    },
  });
  const busy = save.isPending;
  const error = problem ?? failureText(save.error);

  if (!session) return null;

  const choose = (chosen: File | null) => {
    setProblem(null);
    save.reset();
    const found = chosen ? photoProblem(chosen) : null;
    if (chosen && found) {
      setProblem(found);
      reset();
      return;
    }
    setFile(chosen);
    setPreview(previewOf(chosen));
  };

  const run = (call: () => Promise<{ avatar: string | null }>, done: string) => {
    setProblem(null);
    save.mutate({ call, done });
  };

  const shown = preview ?? session.avatar ?? null;
  return (
    <fieldset className={css.photo} aria-busy={busy || undefined}>
      <legend className={css.label}>Profile photo</legend>
      <div className={css.photoRow}>
        <Avatar name={session.fullName} src={shown} size={72} />
        <div className={css.photoControls}>
          <label className={css.hint} htmlFor={inputId}>
            {file ? 'Chosen photo (not saved yet)' : 'Choose a photo'}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-describedby={[hintId, error ? errorId : undefined].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            disabled={busy}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
          <PhotoButtons
            chosen={Boolean(file)}
            hasPhoto={Boolean(session.avatar)}
            busy={busy}
            onCancel={reset}
            onUpload={() => file && run(() => uploadAvatar(file), AVATAR_TEXTS.uploaded)}
            onRemove={() => run(removeAvatar, AVATAR_TEXTS.removed)}
          />
        </div>
      </div>
      <p id={hintId} className={css.hint}>
        Optional. JPEG, PNG or WebP, up to 5 MB. Without a photo your initials show.
      </p>
      {error && (
        <p id={errorId} role="alert" className={css.errorBox}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A chosen photo's Cancel and Upload, else Remove for the stored one. */
function PhotoButtons({
  chosen,
  hasPhoto,
  busy,
  onCancel,
  onUpload,
  onRemove,
}: {
  chosen: boolean;
  hasPhoto: boolean;
  busy: boolean;
  onCancel(): void;
  onUpload(): void;
  onRemove(): void;
}) {
  return (
    <div className={css.buttons}>
      {chosen ? (
        <>
          <button type="button" className={button({ tone: 'quiet' })} disabled={busy} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={button({ tone: 'primary' })} disabled={busy} onClick={onUpload}>
            {busy ? 'Uploading…' : 'Upload'}
          </button>
        </>
      ) : (
        hasPhoto && (
          <button type="button" className={button({ tone: 'quiet' })} disabled={busy} onClick={onRemove}>
            {busy ? 'Removing…' : 'Remove photo'}
          </button>
        )
      )}
    </div>
  );
}
