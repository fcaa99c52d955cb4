import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../components/Button';
import { TableHead } from '../../components/TableHead';
import { serverMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { fullName } from '../../lib/names';
import { nationalityLabel } from '../../lib/nationality';
import { useOnError } from '../../lib/on-error';
import { AdminLayout } from './AdminLayout';
import { useCustomers, useDeletionRequests } from './api';
import { type CustomerFilter, customerStats, FILTERS, visibleCustomers } from './customers';

export default function AdminDashboardPage() {
  const { t } = useTranslation(['translation', 'nationalities']);
  const customerList = useCustomers();
  const deletionList = useDeletionRequests();
  const [filter, setFilter] = useState<CustomerFilter>('total');
  const [search, setSearch] = useState('');

  // The two lists are one load: the table says "loading" until both are in, and a failure of
  // either (toasted once) shows both empty rather than half a picture.
  const loads = [customerList, deletionList];
  const failed = loads.some((load) => load.isError);
  const loading = loads.some((load) => load.isPending);
  useOnError(loads, (error) => toast.error(serverMessage(error, t('admin.users.loadFailed'))));
  const customers = failed ? [] : loading ? null : (customerList.data ?? []);
  const deletions = failed || loading ? [] : (deletionList.data ?? []);

  const stats = useMemo(() => customerStats(customers ?? []), [customers]);
  const rows = useMemo(() => visibleCustomers(customers ?? [], filter, search), [customers, filter, search]);
  const nationality = (value: string | null) => nationalityLabel(t, value) ?? '';

  return (
    <AdminLayout>
      <h1 className="text-3xl font-bold text-slate-900">{t('admin.title')}</h1>
      <div className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            className={`rounded-xl border p-4 text-left shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600 ${
              filter === f
                ? 'border-brand-600 bg-brand-50'
                : 'border-slate-200 bg-white hover:border-slate-300'
            }`}
          >
            <span className="block text-sm text-slate-600">{t(`admin.stats.${f}`)}</span>
            <span className="mt-1 block text-2xl font-bold text-slate-900">{customers ? stats[f] : '–'}</span>
          </button>
        ))}
      </div>
      {filter !== 'total' && (
        <Button variant="secondary" className="mt-3" onClick={() => setFilter('total')}>
          {t('admin.clearFilter')}
        </Button>
      )}

      {deletions.length > 0 && (
        <section
          className="mt-8 rounded-2xl border border-red-200 bg-white p-5 shadow-sm"
          aria-labelledby="deletions-title"
        >
          <h2 id="deletions-title" className="text-lg font-semibold text-red-800">
            {t('admin.deletions.title')}
          </h2>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <TableHead
                labels={(['user', 'email', 'requested', 'reason', 'status'] as const).map((c) =>
                  t(`admin.deletions.${c}`),
                )}
                actionsLabel={t('admin.users.actions')}
              />
              <tbody>
                {deletions.map((d) => (
                  <tr key={d.id} className="border-t border-slate-100">
                    <td className="py-2 pr-4">{fullName(d) || t('admin.users.unnamed')}</td>
                    <td className="py-2 pr-4">{d.email}</td>
                    <td className="py-2 pr-4">{formatDate(d.requested_at)}</td>
                    <td className="py-2 pr-4">{d.reason || t('admin.deletions.noReason')}</td>
                    <td className="py-2 pr-4">
                      <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                        {t('admin.deletions.pending')}
                      </span>
                    </td>
                    <td className="py-2">
                      <Link to={`/admin/users/${d.user_id}`} className={buttonClass('secondary')}>
                        {t('admin.deletions.review')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      <section
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        aria-labelledby="users-title"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="users-title" className="text-lg font-semibold text-slate-900">
            {t('admin.users.title')}
          </h2>
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('admin.users.search')}
            aria-label={t('admin.users.searchLabel')}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 sm:w-72 focus:outline-2 focus:outline-brand-600"
          />
        </div>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <TableHead
              labels={(['name', 'email', 'nationality', 'targetCity', 'verification', 'status'] as const).map(
                (c) => t(`admin.users.${c}`),
              )}
              actionsLabel={t('admin.users.actions')}
            />
            <tbody>
              {!customers && (
                <tr>
                  <td colSpan={7} className="py-6 text-center text-slate-600">
                    {t('admin.users.loading')}
                  </td>
                </tr>
              )}
              {customers && rows.length === 0 && (
                <tr>
                  <td colSpan={7} className="py-6 text-center text-slate-600">
                    {t('admin.users.empty')}
                  </td>
                </tr>
              )}
              {rows.map((c) => (
                <tr
                  key={c.id}
                  className={`border-t border-slate-100 ${c.account_verified ? '' : 'bg-amber-50'}`}
                >
                  <td className="py-2 pr-4 font-medium text-slate-900">
                    {fullName(c) || t('admin.users.unnamed')}
                  </td>
                  <td className="py-2 pr-4">{c.email}</td>
                  <td className="py-2 pr-4">{nationality(c.nationality)}</td>
                  <td className="py-2 pr-4">{c.target_city}</td>
                  <td className="py-2 pr-4">
                    {c.account_verified ? t('admin.users.verified') : t('admin.users.pending')}
                  </td>
                  <td className="py-2 pr-4">
                    {c.onboarding_completed ? t('admin.users.complete') : t('admin.users.incomplete')}
                  </td>
                  <td className="py-2">
                    <Link
                      to={`/admin/users/${c.id}`}
                      className={buttonClass('secondary', 'whitespace-nowrap')}
                    >
                      {t('admin.users.viewDetails')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </AdminLayout>
  );
}
