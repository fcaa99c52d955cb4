import { QUEUE_FILTERS, type QueueItem, WAITING_DAYS } from '@shared/request-queue';
import { answerLines } from '@shared/service-questions';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ActivityFirstPage, ActivityMore, activityLoaded } from '../../components/ActivityPaging';
import { PageHeading } from '../../components/PageHeading';
import { RadioGroup } from '../../components/RadioGroup';
import { ResponsiveList } from '../../components/ResponsiveList';
import { serverMessage } from '../../lib/errors';
import { focusIsLost } from '../../lib/focus';
import { formatDate } from '../../lib/format';
import { useOnError } from '../../lib/on-error';
import { AdminLayout } from './AdminLayout';
import { AssignToMe } from './AssignToMe';
import { useQueue, useSetQueueOwner } from './api';
import { WorkflowStatusBadge } from './badges';
import { useLoadMore } from './load-more';
import { CUSTOMER_LINK_CLASS } from './ReviewLink';
import { queueFilterOf, waitLabel } from './requests';

/** A row's key: a request's workflow id and a customer's id never meet, but the kinds keep them apart. */
const rowKey = (item: QueueItem) => `${item.kind}-${item.id}`;

/** The customer's answers to the service's questions, a line each; none (a conversation, an older request): a dash. */
function Answers({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  const lines = item.request
    ? answerLines(item.request.workflow_type, item.request.answers ?? undefined, (key) => t(key))
    : [];
  if (lines.length === 0) return <span aria-hidden="true">—</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {lines.map((line) => (
        <li key={line.question}>
          <span className="text-slate-600">{line.question}</span>{' '}
          <span className="font-medium text-slate-900">{line.answer}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The team's queue (docs/product.md "Requests"): every open service request and every
 * conversation whose last message is the customer's, oldest first, by filter (kept in the
 * address, `?filter=`), page by page; each row with Assign to me.
 */
export default function RequestsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const inAddress = queueFilterOf(params.get('filter'));
  // The router changes the address in a transition: the radio shows the choice at once, and
  // follows the address when it changes otherwise (Back, Forward).
  const [filter, setFilter] = useState(inAddress);
  useEffect(() => setFilter(inAddress), [inAddress]);
  const queue = useQueue(filter);
  // As on every admin page, a failed load is toasted with the server's reason; the list's place
  // says so too, with Try again.
  useOnError(queue, (error) => toast.error(serverMessage(error, t('admin.requests.loadFailed'))));
  const setOwner = useSetQueueOwner();
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const index = new Map(items.map((item, i) => [rowKey(item), i]));
  const { linkRef, loadMore } = useLoadMore(items.length, items.length > 0 && queue.hasNextPage, () =>
    queue.fetchNextPage(),
  );
  const now = new Date();

  // Assign to me is disabled once the row is the admin's, or gone (under Unassigned): focus,
  // dropped with it, goes on at the row's customer, else the one now in its place, else the list.
  const list = useRef<HTMLElement>(null);
  const [assigned, setAssigned] = useState<{ key: string; index: number } | null>(null);
  useEffect(() => {
    if (!assigned) return;
    setAssigned(null);
    if (!focusIsLost()) return;
    const links = list.current?.querySelectorAll<HTMLAnchorElement>('a[data-row]') ?? [];
    const own = [...links].find((link) => link.dataset.row === assigned.key);
    (own ?? links[Math.min(assigned.index, links.length - 1)] ?? list.current)?.focus();
  }, [assigned]);

  const assign = async (item: QueueItem, ownerId: string | null) => {
    const key = rowKey(item);
    await setOwner.mutateAsync({ item, owner_id: ownerId });
    setAssigned({ key, index: index.get(key) ?? 0 });
  };
  const saving = (item: QueueItem) =>
    setOwner.isPending && setOwner.variables && rowKey(setOwner.variables.item) === rowKey(item);

  return (
    <AdminLayout>
      <PageHeading className="text-3xl">{t('admin.requests.title')}</PageHeading>
      <p className="mt-1 text-slate-600">{t('admin.requests.intro')}</p>
      <div className="mt-4">
        <RadioGroup
          name="queue-filter"
          legend={t('admin.requests.filterLegend')}
          options={QUEUE_FILTERS.map((f) => ({
            value: f,
            label: t(`admin.requests.filters.${f}`, { days: WAITING_DAYS }),
          }))}
          value={filter}
          // Replaced, not pushed: Back leaves the page (and comes back to the same filter).
          onChange={(value) => {
            const next = queueFilterOf(value);
            setFilter(next);
            setParams(next === 'all' ? {} : { filter: next }, { replace: true });
          }}
        />
      </div>
      <section
        ref={list}
        tabIndex={-1}
        aria-label={t(`admin.requests.filters.${filter}`, { days: WAITING_DAYS })}
        className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm outline-none sm:p-5"
      >
        <ActivityFirstPage query={queue} className="py-6 text-center" texts="admin.requests" />
        {activityLoaded(queue) && (
          <ResponsiveList
            items={items}
            itemKey={rowKey}
            empty={t(`admin.requests.empty.${filter}`, { days: WAITING_DAYS })}
            tinted={(item) => waitLabel(item.waiting_since, t, now).long}
            alignTop
            heading={{
              label: t('admin.requests.customer'),
              level: 2,
              cell: (item) => (
                <Link
                  ref={linkRef(index.get(rowKey(item)) ?? -1)}
                  data-row={rowKey(item)}
                  to={`/admin/users/${item.customer.id}?tab=${item.kind === 'request' ? 'workflows' : 'messages'}`}
                  className={CUSTOMER_LINK_CLASS}
                >
                  {item.customer.name}
                </Link>
              ),
            }}
            columns={[
              {
                label: t('admin.requests.subject'),
                cell: (item) =>
                  item.request
                    ? item.request.task_name || t(`workflows.type.${item.request.workflow_type}`)
                    : t('admin.requests.conversation'),
              },
              {
                label: t('admin.requests.status'),
                cell: (item) =>
                  item.request ? (
                    <WorkflowStatusBadge status={item.request.status} />
                  ) : (
                    <span className="whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                      {t('admin.requests.awaitingReply')}
                    </span>
                  ),
              },
              { label: t('admin.requests.answers'), cell: (item) => <Answers item={item} />, wide: true },
              {
                label: t('admin.owners.owner'),
                cell: (item) => item.owner_name ?? t('admin.requests.unassigned'),
              },
              {
                label: t('admin.requests.waited'),
                cell: (item) => {
                  const wait = waitLabel(item.waiting_since, t, now);
                  return (
                    <time
                      dateTime={item.waiting_since}
                      title={formatDate(item.waiting_since, true)}
                      className={wait.long ? 'font-semibold text-amber-950' : ''}
                    >
                      {wait.text}
                    </time>
                  );
                },
              },
            ]}
            actions={{
              label: t('admin.users.actions'),
              render: (item, _index, place) => (
                <AssignToMe
                  ownerId={item.owner_id}
                  onSave={(ownerId) => assign(item, ownerId)}
                  disabled={saving(item)}
                  describedBy={place.describedBy}
                  className={place.card ? 'w-full sm:w-auto' : 'whitespace-nowrap'}
                />
              ),
            }}
          />
        )}
        <ActivityMore query={queue} onLoadMore={loadMore} texts="admin.requests" />
      </section>
    </AdminLayout>
  );
}
