import { useQuery } from '@tanstack/react-query';
import { listStateOf } from '@/client/components/admin-list';
import { LoadFailure } from '@/client/components/load-failure';
import { OrderPanel } from '@/client/components/order-display';
import { PanelTable } from '@/client/components/panel-table';
import { mutedNote } from '@/client/components/primitives.css';
import { Skeleton } from '@/client/components/skeleton';
import { orderMessagesQuery } from '../api/get-outbox-messages';
import { MESSAGE_LOG_TEXTS } from '../texts';
import { MESSAGE_COLUMNS, MessageRow } from './message-row';

const TITLE_ID = 'order-messages-title';

/**
 * The admin order page's Messages panel: what the shop sent about the order (to the shopper, and
 * the owner's alerts), newest first, with the log's states and Resend. Read again when the order changes.
 */
export function OrderMessages({ orderId, className }: { orderId: string; className: string }) {
  const query = useQuery(orderMessagesQuery(orderId));
  const { answer, failure } = listStateOf(query);
  return (
    <OrderPanel id={TITLE_ID} title="Messages" className={className}>
      {failure ? (
        <LoadFailure message={MESSAGE_LOG_TEXTS.loadFailed} failure={failure} onRetry={() => void query.refetch()} />
      ) : answer === undefined ? (
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            {MESSAGE_LOG_TEXTS.loading}
          </p>
          <Skeleton height="4rem" />
        </div>
      ) : (
        <PanelTable
          labelledBy={TITLE_ID}
          columns={MESSAGE_COLUMNS}
          rows={answer.messages}
          empty={<p className={mutedNote}>{MESSAGE_LOG_TEXTS.orderEmpty}</p>}
          row={(message) => <MessageRow key={message._id} message={message} linkOrder={false} />}
        />
      )}
    </OrderPanel>
  );
}
