import type {
  FollowEntry,
  FollowersList,
  FollowingList,
  FollowResult,
  MemberReportBody,
  PublicProfile,
  ReportResult,
} from '@marketplace/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiFetch } from '../../lib/api.ts';

/** Query keys of this area; follow changes invalidate {@link followKeys.all} and the profile. */
export const userKeys = {
  profile: (id: string, viewerId: string | null) => ['users', id, 'profile', viewerId] as const,
  profiles: (id: string) => ['users', id] as const,
};
export const followKeys = {
  all: ['follow'] as const,
  following: ['follow', 'following'] as const,
  followers: ['follow', 'followers'] as const,
};

/**
 * `GET /api/users/{id}`: the public profile; with a token `is_following` says whether the
 * viewer follows this member. Like every answer of our own server in this module, it is taken
 * as typed: the profile and the ad page (its follow button) load this module before the page
 * rendered on the server hydrates, and check without zod
 * (docs/decisions/0017-checks-off-the-first-load.md).
 * @throws ApiError 404 when there is no such member
 */
export async function fetchPublicProfile(id: string, signal?: AbortSignal): Promise<PublicProfile> {
  return apiFetch<PublicProfile>(`/api/users/${encodeURIComponent(id)}`, { signal });
}

/**
 * `POST /api/users/{id}/report`: reports a member to the moderators (again: replaces my earlier
 * report). @returns the server's German confirmation @throws ApiError with its German detail
 */
export async function reportMember(id: string, body: MemberReportBody): Promise<string> {
  const answer = await apiFetch<ReportResult>(`/api/users/${encodeURIComponent(id)}/report`, {
    method: 'POST',
    body,
  });
  return answer.detail;
}

/** `POST /api/follow/{userId}`: follows a member (also fine when already following). */
export async function followUser(userId: string): Promise<FollowResult> {
  return apiFetch<FollowResult>(`/api/follow/${encodeURIComponent(userId)}`, { method: 'POST' });
}

/** `DELETE /api/follow/{userId}`: stops following a member (also fine when not following). */
export async function unfollowUser(userId: string): Promise<void> {
  await apiFetch(`/api/follow/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

/** `GET /api/follow/following` (SPEC.md §7 "reads following"): members I follow, newest first. */
export async function fetchFollowing(signal?: AbortSignal): Promise<FollowEntry[]> {
  return (await apiFetch<FollowingList>('/api/follow/following', { signal })).following;
}

/** `GET /api/follow/followers` (SPEC.md §7 "reads followers"): members who follow me, newest first. */
export async function fetchFollowers(signal?: AbortSignal): Promise<FollowEntry[]> {
  return (await apiFetch<FollowersList>('/api/follow/followers', { signal })).followers;
}

/** `GET /api/users/{id}`: the public profile of member `id` as seen by `viewerId` (null for visitors). */
export function publicProfileQuery(id: string, viewerId: string | null) {
  return queryOptions({
    queryKey: userKeys.profile(id, viewerId),
    queryFn: ({ signal }) => fetchPublicProfile(id, signal),
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 404),
    // An unknown member is not asked for again when the page mounts: a page rendered on the
    // server hands over that answer, and shows the notice instead of the loading state.
    retryOnMount: (query) => !(query.state.error instanceof ApiError && query.state.error.status === 404),
  });
}

/** The public profile of member `id` as seen by `viewerId` ({@link publicProfileQuery}). */
export function usePublicProfile(id: string, viewerId: string | null) {
  return useQuery(publicProfileQuery(id, viewerId));
}

/**
 * Refetches both follow lists (SPEC.md §6: they refresh on a new-follower event). For the
 * notification socket, which has the query client but no component.
 */
export function invalidateFollowLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: followKeys.all });
}

/**
 * The logged-in member's follow lists (SPEC.md §6 "Follow lists load only when logged in and
 * refresh on a new-follower event"). Nothing is requested while `loggedIn` is false.
 * `invalidate` refetches both lists, for the new-follower event.
 */
export function useFollowLists(loggedIn: boolean) {
  const queryClient = useQueryClient();
  const following = useQuery({
    queryKey: followKeys.following,
    queryFn: ({ signal }) => fetchFollowing(signal),
    enabled: loggedIn,
  });
  const followers = useQuery({
    queryKey: followKeys.followers,
    queryFn: ({ signal }) => fetchFollowers(signal),
    enabled: loggedIn,
  });
  const invalidate = useCallback(() => invalidateFollowLists(queryClient), [queryClient]);
  return { following, followers, invalidate };
}

/**
 * Follows or unfollows member `userId`. On success the profile shows the new state and count at
 * once, then every profile of that member and the follow lists are refetched.
 */
export function useToggleFollow(userId: string, viewerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (follow: boolean) => {
      if (follow) return (await followUser(userId)).followers_count;
      await unfollowUser(userId);
      return null;
    },
    onSuccess: (followersCount, follow) => {
      queryClient.setQueryData<PublicProfile>(userKeys.profile(userId, viewerId), (profile) =>
        profile
          ? {
              ...profile,
              is_following: follow,
              followers_count: followersCount ?? Math.max(0, profile.followers_count - 1),
            }
          : profile,
      );
      void queryClient.invalidateQueries({ queryKey: userKeys.profiles(userId) });
      if (viewerId) void queryClient.invalidateQueries({ queryKey: userKeys.profiles(viewerId) });
      void invalidateFollowLists(queryClient);
    },
  });
}
