import type { CustomerFilter } from '@shared/customer-filters';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PageHeading } from '../../components/PageHeading';
import { useDebouncedValue } from '../../lib/debounce';
import { serverMessage } from '../../lib/errors';
import { useOnError } from '../../lib/on-error';
import { AdminLayout } from './AdminLayout';
import { useCustomerStats } from './api';
import { CustomerList } from './CustomerList';
import { resultCount, SEARCH_DEBOUNCE_MS } from './customers';
import { DeletionRequestsCard } from './DeletionRequestsCard';
import { useDashboardLists } from './dashboard-lists';
import { StatCards } from './StatCards';

/**
 * The admin dashboard: the stat cards (each a filter), the newest pending deletion requests (a
 * compact card: the customer list and its search stay on the first screen), the customers.
 */
export default function AdminDashboardPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<CustomerFilter>('total');
  const [search, setSearch] = useState('');
  // The server searches once typing pauses; spaces around the words change nothing.
  const searched = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const stats = useCustomerStats();
  const lists = useDashboardLists(filter, searched);
  useOnError([stats, ...lists.queries], (error) =>
    toast.error(serverMessage(error, t('admin.users.loadFailed'))),
  );

  return (
    <AdminLayout>
      <PageHeading className="text-3xl">{t('admin.title')}</PageHeading>
      <StatCards stats={stats.data} filter={filter} onFilter={setFilter} />
      <DeletionRequestsCard {...lists.deletions} />
      <CustomerList
        {...lists.customers}
        search={search}
        onSearch={setSearch}
        count={resultCount({ filter, search: searched, stats: stats.data, ...lists.customers })}
      />
    </AdminLayout>
  );
}
