import { mutationOptions } from '@tanstack/react-query';
import { answerOf, outboxClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { OutboxMessage } from '@/shared/admin-types';
import type { ChangeAnswer } from '@/shared/types';
import { MESSAGE_LOG_TEXTS } from '../texts';
import { OUTBOX_LISTS, type OutboxPage } from './get-outbox-messages';

/** POST /api/outboxMessages/{id}/resend (admin): queued to go again; 409 with the reason when it cannot be. */
async function resendOutboxMessage(id: string): Promise<ChangeAnswer<OutboxMessage>> {
  return apiCall(() => answerOf(outboxClient.outboxMessages[':id'].resend.$post({ param: { id: encodeURIComponent(id) } })), MESSAGE_LOG_TEXTS.resendFailed);
}

/**
 * Resends a message. Its row shows the answer at once wherever it is listed (the log, its order's
 * panel), then the lists on screen are read again (the server's state, e.g. a filtered list of
 * unknown outcomes without it); the others when next opened.
 */
export const resendMessageMutation = () =>
  mutationOptions({
    mutationFn: resendOutboxMessage,
    onSuccess: (answer, _id, _result, { client }) => {
      const resent = answer.data;
      client.setQueriesData<OutboxPage>({ queryKey: OUTBOX_LISTS }, (page) =>
        page ? { ...page, messages: page.messages.map((message) => (message._id === resent._id ? resent : message)) } : page,
      );
      void client.invalidateQueries({ queryKey: OUTBOX_LISTS });
    },
  });
