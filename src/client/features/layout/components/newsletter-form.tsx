import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/client/lib/toast';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { subscribeSchema } from '@/shared/schemas/shop';
import { subscribe } from '../api';
import { newsletterForm } from './footer.css';
import { NewsletterFields } from './newsletter-fields';

/**
 * Newsletter sign-up (`POST /api/subscribe`): the server's answer, or what the schema refuses, is
 * shown as a toast. Loaded after the first paint (site-footer.tsx), with its form library.
 */
export function NewsletterForm() {
  const inputId = useId();
  const form = useForm({ resolver: zodResolver(subscribeSchema), defaultValues: { email: '' } });
  const sending = useMutation({
    mutationFn: subscribe,
    onSuccess: (answer) => {
      toast.success(answer);
      form.reset();
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : PAGE_MESSAGES.subscribeFailed),
  });

  const onSubmit = form.handleSubmit(
    ({ email }) => {
      if (!sending.isPending) sending.mutate(email);
    },
    (errors) => {
      if (errors.email?.message) toast.error(errors.email.message);
    },
  );

  const { ref, ...email } = form.register('email');
  return (
    <form className={newsletterForm} onSubmit={(e) => void onSubmit(e)}>
      <NewsletterFields inputId={inputId} input={email} inputRef={ref} busy={sending.isPending} />
    </form>
  );
}
