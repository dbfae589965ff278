import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';

/** The path {@link LaterRequest} asks (unknown to the stubbed API, which answers 404). */
export const LATER_REQUEST_PATH = '/api/test-only/later-request';

/** The text {@link LaterRequest} shows once its answer has been rendered. */
export const LATER_REQUEST_ANSWERED = 'Spätere Anfrage beantwortet';

/**
 * For tests that check what a component does not ask or show: rendered after it, this asks
 * {@link LATER_REQUEST_PATH} once mounted, through a query and `apiFetch` as the features do, and
 * shows {@link LATER_REQUEST_ANSWERED} once the answer is in. React subscribes sibling queries in
 * order and a query starts its request as it is subscribed, and the stubbed API answers at once:
 * a request the component's queries start on mount is made, answered and rendered no later than
 * this one. Once the text shows, an unwanted request or its outcome would be there too.
 */
export function LaterRequest() {
  const later = useQuery({
    queryKey: ['test-only', 'later-request'],
    queryFn: ({ signal }) => apiFetch(LATER_REQUEST_PATH, { signal }),
    retry: false,
  });
  return later.isFetched ? <p>{LATER_REQUEST_ANSWERED}</p> : null;
}
