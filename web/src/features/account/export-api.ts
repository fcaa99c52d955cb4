import type { DownloadLink } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

/** Builds the customer's data export on the server; the link works for a few minutes. */
export const exportMyData = () => apiFetch<DownloadLink>(apiPath(API_PATHS.myDataExport), { method: 'POST' });

/** Nothing to invalidate: an export changes none of the customer's data. */
export const useExportMyData = () => useMutation({ mutationFn: exportMyData });
