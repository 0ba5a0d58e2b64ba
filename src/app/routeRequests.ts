// The API GETs each route needs for its first rows, as templates over the route's params: index.html starts them with
// the navigation (src/app/routePreload.ts), before any script has run, and the app's first identical GET adopts them.

/** A GET as the app sends it: the path under the API base and its query, keys sorted (see requestKey in src/api/client.ts). */
export type RequestTemplate = string;

/**
 * The first page of a list's tasks as the list view asks for it with its default filters (useListTasks: perPage 50,
 * page 1, done hidden, by position). A test keeps this equal to what the view computes.
 */
export const LIST_FIRST_PAGE_QUERY =
  'filter_by=done&filter_comparator=equals&filter_concat=and&filter_include_nulls=false&filter_value=false&order_by=asc&order_by=desc&page=1&per_page=50&sort_by=position&sort_by=id';

/**
 * The home page's upcoming tasks (HOME_TASKS_QUERY in src/views/home/homeTasksData.ts): undone, due up to `now+7d`
 * (date math the server resolves, so the query holds no time), by due date. A test keeps this equal to the page's.
 */
export const HOME_TASKS_QUERY_STRING =
  'filter_by=done&filter_by=due_date&filter_comparator=equals&filter_comparator=less_equals&filter_concat=and&filter_include_nulls=false&filter_value=false&filter_value=now%2B7d&order_by=asc&order_by=desc&per_page=50&sort_by=due_date&sort_by=id';

/** Every signed-in route: the user check and the namespaces of the navigation. */
export const SESSION_REQUESTS: RequestTemplate[] = ['user', 'namespaces?page=1'];

/** Per route name, what it needs beyond the session's requests; `{param}` is filled from the route's path. */
export const ROUTE_REQUESTS: Record<string, RequestTemplate[]> = {
  home: [`tasks/all?${HOME_TASKS_QUERY_STRING}`],
  'list.list': ['lists/{listId}', `lists/{listId}/tasks?${LIST_FIRST_PAGE_QUERY}`],
  'list.kanban': ['lists/{listId}', 'lists/{listId}/buckets?per_page=25'],
  'list.table': ['lists/{listId}'],
  'list.gantt': ['lists/{listId}'],
  'list.info': ['lists/{listId}'],
  'task.detail': ['tasks/{id}'],
};

