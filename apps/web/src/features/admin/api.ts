import {
  type AdminRoleChange,
  type AdminSanctionCreate,
  adminAuditLogSchema,
  adminMemberDetailSchema,
  adminMemberListSchema,
  adminMemberSchema,
  adminStatsSchema,
  contactMessageListSchema,
  newsEditorSchema,
} from '@marketplace/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** Query keys of the admin area; an `admin_update` socket message invalidates `['admin']`. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
};

/** `GET /api/admin/stats` (SPEC.md §7): the dashboard figures, ADMIN only. */
export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: async ({ signal }) => adminStatsSchema.parse(await apiFetch('/api/admin/stats', { signal })),
  });
}

/** `GET /api/admin/members?q=`: members whose e-mail or name contains `q`. */
export function useAdminMembers(q: string) {
  return useQuery({
    queryKey: [...adminKeys.all, 'members', q] as const,
    queryFn: async ({ signal }) =>
      adminMemberListSchema.parse(await apiFetch(`/api/admin/members?q=${encodeURIComponent(q)}`, { signal }))
        .members,
  });
}

/** `GET /api/admin/contact-messages`: the newest 20 messages of the contact form and their total. */
export function useContactMessages() {
  return useQuery({
    queryKey: [...adminKeys.all, 'contact-messages'] as const,
    queryFn: async ({ signal }) =>
      contactMessageListSchema.parse(await apiFetch('/api/admin/contact-messages?limit=20', { signal })),
  });
}

/** `GET /api/admin/audit-log`: the newest entries, optionally of one action. */
export function useAuditLog(action: string) {
  return useQuery({
    queryKey: [...adminKeys.all, 'audit-log', action] as const,
    queryFn: async ({ signal }) =>
      adminAuditLogSchema.parse(
        await apiFetch(`/api/admin/audit-log${action ? `?action=${encodeURIComponent(action)}` : ''}`, {
          signal,
        }),
      ).entries,
  });
}

/** `PATCH /api/admin/members/{id}/role`; afterwards the admin area's queries reload. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: AdminRoleChange & { id: string }) =>
      adminMemberSchema.parse(
        await apiFetch(`/api/admin/members/${encodeURIComponent(id)}/role`, { method: 'PATCH', body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** `GET /api/admin/members/{id}`: the admin member page (profile, ads, reports, sanctions). */
export function useAdminMember(id: string) {
  return useQuery({
    queryKey: [...adminKeys.all, 'member', id] as const,
    queryFn: async ({ signal }) =>
      adminMemberDetailSchema.parse(
        await apiFetch(`/api/admin/members/${encodeURIComponent(id)}`, { signal }),
      ),
  });
}

/**
 * `POST /api/admin/members/{id}/sanctions`: suspends until `ends_at` or bans; the answer is the
 * member page afresh, and the admin area's lists and audit log reload.
 */
export function useSanctionMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminSanctionCreate) =>
      adminMemberDetailSchema.parse(
        await apiFetch(`/api/admin/members/${encodeURIComponent(id)}/sanctions`, { method: 'POST', body }),
      ),
    onSuccess: async (detail) => {
      queryClient.setQueryData([...adminKeys.all, 'member', id], detail);
      await queryClient.invalidateQueries({
        queryKey: adminKeys.all,
        predicate: (q) => q.queryKey[2] !== id,
      });
    },
  });
}

/** `POST /api/admin/members/{id}/sanctions/lift`: lifts the active sanctions with a reason. */
export function useLiftSanction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) =>
      adminMemberDetailSchema.parse(
        await apiFetch(`/api/admin/members/${encodeURIComponent(id)}/sanctions/lift`, {
          method: 'POST',
          body: { reason },
        }),
      ),
    onSuccess: async (detail) => {
      queryClient.setQueryData([...adminKeys.all, 'member', id], detail);
      await queryClient.invalidateQueries({
        queryKey: adminKeys.all,
        predicate: (q) => q.queryKey[2] !== id,
      });
    },
  });
}

/** `GET /api/admin/members/{id}/news-editor`: whether the member writes local news ('Redakteur:in'). */
export function useNewsEditor(id: string) {
  return useQuery({
    queryKey: [...adminKeys.all, 'news-editor', id] as const,
    queryFn: async ({ signal }) =>
      newsEditorSchema.parse(
        await apiFetch(`/api/admin/members/${encodeURIComponent(id)}/news-editor`, { signal }),
      ),
  });
}

/** `PUT /api/admin/members/{id}/news-editor`: makes the member an editor or ends it; the audit log reloads. */
export function useSetNewsEditor(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (editor: boolean) =>
      newsEditorSchema.parse(
        await apiFetch(`/api/admin/members/${encodeURIComponent(id)}/news-editor`, {
          method: 'PUT',
          body: { editor },
        }),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData([...adminKeys.all, 'news-editor', id], answer);
      return queryClient.invalidateQueries({
        queryKey: adminKeys.all,
        predicate: (q) => q.queryKey[1] !== 'news-editor',
      });
    },
  });
}
