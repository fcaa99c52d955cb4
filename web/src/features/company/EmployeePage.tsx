import type { EmployeeProgress, EmployeeView } from '@shared/api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ExpiryInfo } from '../../components/ExpiryInfo';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeading } from '../../components/PageHeading';
import { Panel } from '../../components/Panel';
import { PageLoading } from '../../components/Spinner';
import { arrivalOf, employeeStatusKey } from '../../lib/employees';
import { ApiError } from '../../lib/errors';
import { formatLongDate, formatPlanDate } from '../../lib/format';
import { requestStateKey } from '../../lib/request-state';
import { useEmployee } from './api';
import { CompanyLayout } from './CompanyLayout';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 sm:w-56 sm:shrink-0">{label}</dt>
      <dd className="text-slate-900 wrap-anywhere">{children}</dd>
    </div>
  );
}

/** What a sharing employee's progress shows: the shared fields, never a file, message or note. */
function Progress({ employee, progress }: { employee: EmployeeView; progress: EmployeeProgress }) {
  const { t, i18n } = useTranslation();
  const summary = employee.summary;
  const next = progress.next_task;
  return (
    <>
      <Panel title={t('company.employee.facts')} className="mt-6">
        <dl className="mt-3 flex flex-col gap-3">
          <Fact label={t('company.employee.targetCity')}>
            {summary?.target_city || t('company.employee.notProvided')}
          </Fact>
          <Fact label={t('company.employee.verification')}>
            {summary?.account_verified ? t('company.employee.verified') : t('company.employee.notVerified')}
          </Fact>
          <Fact label={t('company.employee.onboarding')}>
            {summary?.onboarding_completed
              ? t('company.employee.onboardingDone')
              : t('company.employee.onboardingOpen')}
          </Fact>
          <Fact label={t('company.employee.phase')}>
            {progress.current_phase?.name ?? t('company.employee.allDone')}
          </Fact>
          <Fact label={t('company.employee.tasks')}>
            {t('company.employee.tasksOf', { done: progress.tasks_done, total: progress.tasks_total })}
          </Fact>
          <Fact label={t('company.employee.nextTask')}>
            {next
              ? next.due_date
                ? t('company.employee.nextTaskDue', {
                    task: next.name,
                    date: formatPlanDate(next.due_date, i18n.language),
                  })
                : next.name
              : t('company.employee.none')}
          </Fact>
          <Fact label={t('company.employee.overdue')}>{progress.overdue_tasks}</Fact>
        </dl>
      </Panel>
      <Panel title={t('company.employee.requests')} className="mt-6">
        {progress.open_requests.length === 0 ? (
          <p className="mt-2 text-slate-700">{t('company.employee.noRequests')}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2">
            {progress.open_requests.map((request, index) => (
              // A request has no id here (HR gets no more than type and status).
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is only ever shown whole
              <li key={index} className="flex flex-wrap justify-between gap-2 text-slate-900">
                <span>{t(`workflows.type.${request.workflow_type}`)}</span>
                <span className="text-sm text-slate-700">{t(requestStateKey(request))}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t('company.employee.documents')} className="mt-6">
        {progress.documents.length === 0 ? (
          <p className="mt-2 text-slate-700">{t('company.employee.noDocuments')}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-3" data-testid="employee-documents">
            {progress.documents.map((document, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: documents of one type may repeat (Other)
              <li key={index} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
                <span className="font-medium text-slate-900">
                  {t(`documentTypes.${document.document_type}`)}
                </span>
                <ExpiryInfo document={document} />
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}

/** Why a row that does not share shows nothing more: the invitation's state in words. */
function NotSharing({ employee }: { employee: EmployeeView }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string | null) => formatLongDate(iso, i18n.language);
  const text =
    employee.status === 'declined'
      ? t('company.employee.declinedNote')
      : employee.status === 'stopped'
        ? t('company.employee.stoppedNote', { date: date(employee.stopped_at) })
        : employee.expired
          ? t('company.employee.expiredOn', { date: date(employee.expires_at) })
          : t('company.employee.invitedOn', { date: date(employee.invited_at) });
  return <p className="mt-6 rounded-xl border border-slate-200 bg-white p-4 text-slate-800">{text}</p>;
}

/** /company/employees/:employeeId: one employee as their company sees them. */
export default function EmployeePage() {
  const { t, i18n } = useTranslation();
  const { employeeId = '' } = useParams();
  const employee = useEmployee(employeeId);
  const back = (
    <Link to="/company" className="text-sm font-semibold text-brand-700 underline">
      <span aria-hidden="true">←</span> {t('company.employee.back')}
    </Link>
  );
  if (employee.isPending) return <PageLoading />;
  if (employee.isError) {
    const missing = employee.error instanceof ApiError && employee.error.status === 404;
    return (
      <CompanyLayout>
        {back}
        <LoadFailed
          className="mt-6"
          message={missing ? t('company.employee.notFound') : t('company.employee.loadFailed')}
          retry={
            missing
              ? undefined
              : { label: t('company.employee.retry'), onRetry: employee.refetch, busy: employee.isFetching }
          }
        />
      </CompanyLayout>
    );
  }
  const view = employee.data;
  const arrival = arrivalOf(view);
  return (
    <CompanyLayout>
      {back}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <PageHeading className="text-3xl wrap-anywhere">{`${view.first_name} ${view.last_name}`}</PageHeading>
        <span
          data-status={view.status}
          className="rounded-full border border-slate-300 bg-white px-2 py-0.5 text-sm font-semibold text-slate-800"
        >
          {t(employeeStatusKey(view))}
        </span>
      </div>
      <dl className="mt-4 flex flex-col gap-3">
        <Fact label={t('company.employee.email')}>{view.email}</Fact>
        <Fact label={t('company.employee.arrival')}>
          {arrival ? formatPlanDate(arrival, i18n.language) : t('company.employee.notProvided')}
        </Fact>
      </dl>
      {view.status === 'sharing' && view.progress ? (
        <Progress employee={view} progress={view.progress} />
      ) : (
        <NotSharing employee={view} />
      )}
    </CompanyLayout>
  );
}
