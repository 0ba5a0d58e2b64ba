// Table types for Kysely. Dates are ISO-8601 UTC strings (toISOString) or null; booleans are 0/1.
import type { Generated } from 'kysely';

type Id = Generated<number>;
type Timestamp = string;

export interface UsersTable {
  id: Id;
  username: string;
  email: string;
  password: string;
  name: string;
  /** 0 active, 1 e-mail confirmation required, 2 disabled */
  status: number;
  /** 'local' or the issuer URL of an OpenID provider */
  issuer: string;
  subject: string;
  avatar_provider: string;
  avatar_file_id: number | null;
  email_reminders_enabled: number;
  discoverable_by_name: number;
  discoverable_by_email: number;
  overdue_tasks_reminders_enabled: number;
  overdue_tasks_reminders_time: string;
  default_list_id: number | null;
  week_start: number;
  language: string;
  timezone: string;
  /** Client-side preferences the v0.20 settings object has no key for (JSON object). */
  frontend_settings: string;
  deletion_scheduled_at: Timestamp | null;
  /** Unix seconds: tokens issued earlier are refused (set by a password change or reset). */
  sessions_valid_after: Generated<number>;
  /** Issue time of the one earlier token still accepted: the session that changed the password. */
  sessions_kept_iat: Generated<number>;
  /** The jti of that token, when it had one: then it alone is kept (tokens without jti fall back to the issue time). */
  sessions_kept_jti: Generated<string>;
  export_file_id: number | null;
  created: Timestamp;
  updated: Timestamp;
}

export interface UserTokensTable {
  id: Id;
  user_id: number;
  token: string;
  /** 1 password reset, 2 e-mail confirm, 3 account deletion, 4 CalDAV */
  kind: number;
  created: Timestamp;
}

export interface TotpTable {
  id: Id;
  user_id: number;
  secret: string;
  enabled: number;
  url: string;
  created: Timestamp;
  /** The time step (unix s / 30) of the last code that signed in: that code and older ones are spent. */
  last_used_step: Generated<number>;
}

export interface NamespacesTable {
  id: Id;
  title: string;
  description: string;
  owner_id: number;
  hex_color: string;
  is_archived: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface ListsTable {
  id: Id;
  title: string;
  description: string;
  identifier: string;
  hex_color: string;
  namespace_id: number;
  owner_id: number;
  is_archived: number;
  background_file_id: number | null;
  background_blur_hash: string;
  position: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface TasksTable {
  id: Id;
  title: string;
  description: string;
  done: number;
  done_at: Timestamp | null;
  due_date: Timestamp | null;
  list_id: number;
  repeat_after: number;
  repeat_mode: number;
  priority: number;
  start_date: Timestamp | null;
  end_date: Timestamp | null;
  hex_color: string;
  percent_done: number;
  index: number;
  uid: string;
  cover_image_attachment_id: number;
  created_by_id: number;
  bucket_id: number;
  position: number;
  kanban_position: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface TaskRemindersTable {
  id: Id;
  task_id: number;
  reminder: Timestamp;
  created: Timestamp;
}

export interface TaskAssigneesTable {
  id: Id;
  task_id: number;
  user_id: number;
  created: Timestamp;
}

export interface LabelsTable {
  id: Id;
  title: string;
  description: string;
  hex_color: string;
  created_by_id: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface LabelTasksTable {
  id: Id;
  task_id: number;
  label_id: number;
  created: Timestamp;
}

export interface TaskRelationsTable {
  id: Id;
  task_id: number;
  other_task_id: number;
  relation_kind: string;
  created_by_id: number;
  created: Timestamp;
}

export interface FilesTable {
  id: Id;
  name: string;
  mime: string;
  size: number;
  created_by_id: number;
  created: Timestamp;
}

export interface TaskAttachmentsTable {
  id: Id;
  task_id: number;
  file_id: number;
  created_by_id: number;
  created: Timestamp;
}

export interface TaskCommentsTable {
  id: Id;
  comment: string;
  author_id: number;
  task_id: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface BucketsTable {
  id: Id;
  title: string;
  list_id: number;
  limit: number;
  is_done_bucket: number;
  position: number;
  created_by_id: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface TeamsTable {
  id: Id;
  name: string;
  description: string;
  created_by_id: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface TeamMembersTable {
  id: Id;
  team_id: number;
  user_id: number;
  admin: number;
  created: Timestamp;
}

export interface TeamListsTable {
  id: Id;
  team_id: number;
  list_id: number;
  right: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface TeamNamespacesTable {
  id: Id;
  team_id: number;
  namespace_id: number;
  right: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface UsersListsTable {
  id: Id;
  user_id: number;
  list_id: number;
  right: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface UsersNamespacesTable {
  id: Id;
  user_id: number;
  namespace_id: number;
  right: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface LinkSharesTable {
  id: Id;
  hash: string;
  name: string;
  list_id: number;
  right: number;
  /** 1 without password, 2 with password */
  sharing_type: number;
  password: string;
  shared_by_id: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface SavedFiltersTable {
  id: Id;
  /** JSON of the filter object, snake_case keys as on the wire */
  filters: string;
  title: string;
  description: string;
  owner_id: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface FavoritesTable {
  id: Id;
  entity_id: number;
  user_id: number;
  /** 1 task, 2 list (a saved filter is favourited as its pseudo list id) */
  kind: number;
  created: Timestamp;
}

export interface SubscriptionsTable {
  id: Id;
  /** 1 namespace, 2 list, 3 task */
  entity_type: number;
  entity_id: number;
  user_id: number;
  created: Timestamp;
}

export interface NotificationsTable {
  id: Id;
  /** the user notified */
  notifiable_id: number;
  name: string;
  /** JSON payload */
  notification: string;
  read_at: Timestamp | null;
  created: Timestamp;
}

export interface MigrationStatusTable {
  id: Id;
  user_id: number;
  migrator_name: string;
  created: Timestamp;
}

export interface TaskTombstonesTable {
  id: Id;
  list_id: number;
  uid: string;
  gone_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  user_tokens: UserTokensTable;
  totp: TotpTable;
  namespaces: NamespacesTable;
  lists: ListsTable;
  tasks: TasksTable;
  task_tombstones: TaskTombstonesTable;
  task_reminders: TaskRemindersTable;
  task_assignees: TaskAssigneesTable;
  labels: LabelsTable;
  label_tasks: LabelTasksTable;
  task_relations: TaskRelationsTable;
  files: FilesTable;
  task_attachments: TaskAttachmentsTable;
  task_comments: TaskCommentsTable;
  buckets: BucketsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_lists: TeamListsTable;
  team_namespaces: TeamNamespacesTable;
  users_lists: UsersListsTable;
  users_namespaces: UsersNamespacesTable;
  link_shares: LinkSharesTable;
  saved_filters: SavedFiltersTable;
  favorites: FavoritesTable;
  subscriptions: SubscriptionsTable;
  notifications: NotificationsTable;
  migration_status: MigrationStatusTable;
  job_runs: JobRunsTable;
  rate_limits: RateLimitsTable;
  failure_windows: FailureWindowsTable;
  known_sign_ins: KnownSignInsTable;
  live_events: LiveEventsTable;
  live_ticket_uses: LiveTicketUsesTable;
  sessions: SessionsTable;
}

/** How far each background job has run (see jobs.ts). */
export interface JobRunsTable {
  name: string;
  done_until: Timestamp;
}

/** Sign-in attempts per client in the current fixed window, shared by every server process (see rateLimit.ts). */
export interface RateLimitsTable {
  key: string;
  /** Unix milliseconds. */
  window_start: number;
  hits: number;
}

/** Wrong credentials per key in the current fixed window, shared by every server process (see failureGuard.ts). */
export interface FailureWindowsTable {
  key: string;
  /** Unix milliseconds. */
  window_start: number;
  failures: number;
}

/** An address an account signed in from with the right password, and when it last did (unix milliseconds). */
export interface KnownSignInsTable {
  user_id: number;
  ip: string;
  last_success: number;
}

/** One change for live updates (see events.ts): what changed, as JSON, and who may read it (",3,17,"). */
export interface LiveEventsTable {
  id: Generated<number>;
  created: string;
  type: string;
  payload: string;
  user_ids: string;
  list_id: number | null;
}

/** Live-updates tickets already used to open a stream (each opens one), until they expire. */
export interface LiveTicketUsesTable {
  nonce: string;
  /** Unix seconds. */
  expires: number;
}

/** Signed-in sessions, by the jti their tokens carry (server/auth/sessions.ts). */
export interface SessionsTable {
  id: string;
  user_id: number;
  created: Timestamp;
  /** Unix seconds: the expiry of the session's newest token. */
  expires: number;
  /** When a password change or reset ended the session; null while it stands. */
  ended: Timestamp | null;
}
