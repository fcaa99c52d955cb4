import { zodResolver } from '@hookform/resolvers/zod';
import type { CompanySummary } from '@shared/api';
import { type CompanyInput, companySchema } from '@shared/schemas/company';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { ActivityFirstPage, ActivityMore, activityFailed } from '../../components/ActivityPaging';
import { Button, buttonClass } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { PageHeading } from '../../components/PageHeading';
import { ResponsiveList } from '../../components/ResponsiveList';
import { TextField } from '../../components/TextField';
import { useDialogForm } from '../../lib/dialog-form';
import { useLoadMore } from '../../lib/load-more';
import { AdminLayout, COMPANIES_PATH } from './AdminLayout';
import { useCompanies, useCreateCompany } from './api';

/** Create company: its name and contact e-mail (companySchema's messages). */
function CreateCompanyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateCompany();
  const { form, close, onSubmit } = useDialogForm<CompanyInput>({
    resolver: zodResolver(companySchema),
    defaultValues: { name: '', contact_email: '' },
    onClose,
    save: async (values) => {
      const { company } = await create.mutateAsync(values);
      toast.success(t('admin.companies.created', { company: company.name }));
    },
    failed: t('admin.companies.createFailed'),
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Dialog open={open} title={t('admin.companies.create')} onClose={close}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label={t('admin.companies.name')}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label={t('admin.companies.contactEmail')}
          type="email"
          autoComplete="off"
          error={errors.contact_email?.message}
          {...form.register('contact_email')}
        />
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            {t('admin.companies.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {t('admin.companies.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** /admin/companies: every company with its contact and counts, and Create company. */
export default function CompaniesPage() {
  const { t } = useTranslation();
  const companies = useCompanies();
  const [creating, setCreating] = useState(false);
  const items: CompanySummary[] = companies.data?.pages.flatMap((page) => page.items) ?? [];
  const { linkRef, loadMore } = useLoadMore(items.length, companies.hasNextPage, companies.fetchNextPage);
  return (
    <AdminLayout>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading className="text-3xl">{t('admin.companies.title')}</PageHeading>
        <Button onClick={() => setCreating(true)}>{t('admin.companies.create')}</Button>
      </div>
      <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <ActivityFirstPage query={companies} texts="admin.companies" className="" />
        {!companies.isPending && !activityFailed(companies) && (
          <ResponsiveList
            items={items}
            itemKey={(item) => item.company.id}
            empty={t('admin.companies.empty')}
            heading={{ label: t('admin.companies.name'), level: 2, cell: (item) => item.company.name }}
            columns={[
              {
                label: t('admin.companies.contactEmail'),
                cell: (item) => item.company.contact_email,
                wide: true,
              },
              { label: t('admin.companies.invited'), cell: (item) => item.counts.invited },
              { label: t('admin.companies.sharing'), cell: (item) => item.counts.sharing },
            ]}
            actions={{
              label: t('admin.companies.actions'),
              render: (item, index, place) => (
                <Link
                  ref={linkRef(index)}
                  to={`${COMPANIES_PATH}/${encodeURIComponent(item.company.id)}`}
                  aria-describedby={place.describedBy}
                  className={buttonClass('secondary')}
                >
                  {t('admin.companies.open')}
                </Link>
              ),
            }}
          />
        )}
        <ActivityMore query={companies} texts="admin.companies" onLoadMore={loadMore} />
      </section>
      <CreateCompanyDialog open={creating} onClose={() => setCreating(false)} />
    </AdminLayout>
  );
}
