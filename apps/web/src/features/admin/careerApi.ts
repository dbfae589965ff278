import {
  adminJobPositionListSchema,
  adminJobPositionSchema,
  type JobApplicationStatus,
  type JobPositionBody,
  type JobPositionChange,
  jobApplicationListSchema,
  jobApplicationSchema,
} from '@marketplace/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, errorMessageFor } from '../../lib/api.ts';
import { getSessionToken } from '../../lib/session.ts';
import { adminKeys } from './api.ts';

/** Applications on one page of the inbox. */
export const JOB_APPLICATIONS_PAGE_SIZE = 10;

const positionsKey = [...adminKeys.all, 'career-positions'] as const;
const applicationsKey = [...adminKeys.all, 'career-applications'] as const;

/** `GET /api/admin/career/positions`: every position, open ones first, with Markdown and application count. */
export function useAdminPositions() {
  return useQuery({
    queryKey: positionsKey,
    queryFn: async ({ signal }) =>
      adminJobPositionListSchema.parse(await apiFetch('/api/admin/career/positions', { signal })),
  });
}

/**
 * `POST /api/admin/career/positions` (no `id`) or `PATCH /api/admin/career/positions/{id}`: opens a
 * position, changes it, closes or reopens it; the list reloads.
 * @throws ApiError 422 with the German reason for a bad field
 */
export function useSavePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: JobPositionBody | JobPositionChange }) =>
      adminJobPositionSchema.parse(
        await apiFetch(
          id ? `/api/admin/career/positions/${encodeURIComponent(id)}` : '/api/admin/career/positions',
          {
            method: id ? 'PATCH' : 'POST',
            body,
          },
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: positionsKey }),
  });
}

/** `GET /api/admin/career/applications`: page `page` (from 0), newest first, of one `status` or all. */
export function useJobApplications(status: JobApplicationStatus | null, page: number) {
  const query = new URLSearchParams({
    limit: String(JOB_APPLICATIONS_PAGE_SIZE),
    offset: String(page * JOB_APPLICATIONS_PAGE_SIZE),
  });
  if (status) query.set('status', status);
  return useQuery({
    queryKey: [...applicationsKey, status ?? 'all', page] as const,
    queryFn: async ({ signal }) =>
      jobApplicationListSchema.parse(await apiFetch(`/api/admin/career/applications?${query}`, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** `PATCH /api/admin/career/applications/{id}`: sets an application's status; the inbox reloads. */
export function useChangeApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: JobApplicationStatus }) =>
      jobApplicationSchema.parse(
        await apiFetch(`/api/admin/career/applications/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: { status },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationsKey }),
  });
}

/**
 * Opens an application's CV: it is served only with the bearer token (`cv_url`), so it is fetched
 * and handed to the browser as a PDF file named after the applicant.
 * @throws ApiError on a non-OK answer
 */
export async function openCv(url: string, applicant: string): Promise<void> {
  const token = getSessionToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    throw new ApiError(response.status, errorMessageFor(response.status, await response.text()));
  }
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = `Lebenslauf ${applicant.replace(/[\\/:*?"<>|]/g, '')}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
