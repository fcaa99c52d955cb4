import type { EmployeeListItem } from '@shared/api';
import { COMPANY_FILTERS, type CompanyFilter } from '@shared/company-filters';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../components/Button';
import { EmployeeList } from '../../components/EmployeeList';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeading } from '../../components/PageHeading';
import { useDebouncedValue } from '../../lib/debounce';
import { saveFile } from '../../lib/download';
import { EMPLOYEE_SEARCH_DEBOUNCE_MS, mergeEmployeePages, resendDoneKey } from '../../lib/employees';
import { serverMessage } from '../../lib/errors';
import { exportEmployees, useCompany, useEmployeesPage, useResendInvitation } from './api';
import { CompanyLayout } from './CompanyLayout';
import { CompanyStatCards } from './CompanyStatCards';
import { ImportDialog } from './ImportDialog';
import { InviteEmployeeDialog } from './InviteEmployeeDialog';

/** The file name of an export: the day it was made. */
const exportFileName = () => `employees-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * /company: the HR user's company: the stat cards (each a filter), the employee list (paged and
 * searched on the server), **Invite employee**, the CSV import, **Export CSV** of the list as
 * filtered and searched.
 */
export default function CompanyPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<CompanyFilter>('all');
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), EMPLOYEE_SEARCH_DEBOUNCE_MS);
  const company = useCompany();
  const employees = useEmployeesPage(filter, searched);
  const resend = useResendInvitation();
  const [dialog, setDialog] = useState<'invite' | 'import' | null>(null);
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      saveFile(await exportEmployees(filter, searched), exportFileName());
    } catch (error) {
      toast.error(serverMessage(error, t('company.exportFailed')));
    } finally {
      setExporting(false);
    }
  };
  const onResend = async (row: EmployeeListItem) => {
    try {
      await resend.mutateAsync(row.id);
      toast.success(t(resendDoneKey(row), { email: row.email }));
    } catch (error) {
      toast.error(serverMessage(error, t('company.resendFailed')));
    }
  };

  return (
    <CompanyLayout>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading className="text-3xl wrap-anywhere">
          {company.data?.company.name ?? t('company.portal')}
        </PageHeading>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog('invite')}>{t('company.invite.button')}</Button>
          <Button variant="secondary" onClick={() => setDialog('import')}>
            {t('company.import.button')}
          </Button>
          <Button variant="secondary" disabled={exporting} onClick={() => void onExport()}>
            {t('company.export')}
          </Button>
        </div>
      </div>
      {company.isError && (
        <LoadFailed
          className="mt-4"
          message={serverMessage(company.error, t('company.loadFailed'))}
          retry={{ label: t('company.retry'), onRetry: company.refetch, busy: company.isFetching }}
        />
      )}
      <CompanyStatCards counts={company.data?.counts} filter={filter} onFilter={setFilter} />
      <EmployeeList
        rows={mergeEmployeePages(employees.data?.pages ?? [])}
        query={employees}
        search={search}
        onSearch={setSearch}
        heading={
          <label className="flex items-center gap-2 text-sm text-slate-700">
            {t('company.filterLabel')}
            <select
              value={filter}
              onChange={(event) => setFilter(event.target.value as CompanyFilter)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:outline-2 focus:outline-brand-600"
            >
              {COMPANY_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {t(`company.filters.${f}`)}
                </option>
              ))}
            </select>
          </label>
        }
        actions={(row, place, ref) => (
          <div className="flex flex-wrap gap-2">
            {row.status === 'sharing' ? (
              <Link
                ref={ref as Ref<HTMLAnchorElement>}
                to={`/company/employees/${encodeURIComponent(row.id)}`}
                aria-describedby={place.describedBy}
                className={buttonClass('secondary')}
              >
                {t('company.list.view')}
              </Link>
            ) : (
              <Link
                ref={ref as Ref<HTMLAnchorElement>}
                to={`/company/employees/${encodeURIComponent(row.id)}`}
                aria-describedby={place.describedBy}
                className="self-center text-sm font-semibold text-brand-700 underline"
              >
                {t('company.list.details')}
              </Link>
            )}
            {row.status === 'invited' && (
              <Button
                variant="secondary"
                aria-describedby={place.describedBy}
                disabled={resend.isPending}
                onClick={() => void onResend(row)}
              >
                {t('company.resend')}
              </Button>
            )}
          </div>
        )}
      />
      <InviteEmployeeDialog open={dialog === 'invite'} onClose={() => setDialog(null)} />
      <ImportDialog open={dialog === 'import'} onClose={() => setDialog(null)} />
    </CompanyLayout>
  );
}
