import { reportResultSchema, type StoryReportBody } from '@marketplace/contract';
import { apiFetch } from '../../lib/api.ts';

// Apart from api.ts: the home page's strip loads api.ts, and the report's schemas belong to the
// viewer, which loads on demand.

/**
 * `POST /api/stories/{id}/report`: reports someone's story to the moderators (again: replaces my
 * earlier report). @returns the server's German confirmation @throws ApiError with its German detail
 */
export async function reportStory(storyId: string, body: StoryReportBody): Promise<string> {
  const answer = reportResultSchema.parse(
    await apiFetch(`/api/stories/${encodeURIComponent(storyId)}/report`, { method: 'POST', body }),
  );
  return answer.detail;
}
