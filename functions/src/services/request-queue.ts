// The team's queue (docs/product.md "Requests"): a page of one filter, oldest wait first, each
// row with its customer's name, the service in the reader's language and the owner's first name.
// One Query of the filter's index partition, then one BatchGet of the customers and one of the
// owners: nothing grows with the number of customers.
import type { Page } from '@shared/api';
import type { Language } from '@shared/constants';
import { fullName } from '@shared/names';
import type { QueueItem } from '@shared/request-queue';
import type { QueueQuery } from '@shared/schemas/pagination';
import type { AdminAccount } from '../edge/caller';
import { clock } from '../lib/clock';
import { loadCatalogue } from '../store/catalogue';
import { getProfiles } from '../store/profiles';
import { queuePage } from '../store/request-queue';
import { ownerNames } from './owner-names';

export async function listQueue(
  admin: AdminAccount,
  query: QueueQuery,
  language: Language,
): Promise<Page<QueueItem>> {
  const page = await queuePage(query.filter, admin.userId, clock.now(), query.limit, query.cursor ?? null);
  const [customers, names, catalogue] = await Promise.all([
    page.items.length > 0 ? getProfiles(page.items.map((e) => e.user_id)) : new Map(),
    ownerNames(page.items.map((e) => e.owner_id)),
    loadCatalogue(),
  ]);
  const items = page.items.flatMap((entry): QueueItem[] => {
    const customer = customers.get(entry.user_id);
    // An entry whose customer has gone (a deletion in progress) is left out.
    if (!customer) return [];
    const { request } = entry;
    return [
      {
        kind: entry.kind,
        id: entry.id,
        customer: { id: customer.id, name: fullName(customer) || customer.email },
        request: request && {
          ...request,
          task_name:
            catalogue.templates.find((t) => t.id === request.task_template_id)?.texts[language].task_name ??
            '',
        },
        owner_id: entry.owner_id,
        owner_name: (entry.owner_id && names.get(entry.owner_id)) || null,
        waiting_since: entry.waiting_since,
      },
    ];
  });
  return { items, nextCursor: page.nextCursor };
}
