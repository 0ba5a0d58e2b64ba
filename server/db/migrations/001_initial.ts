// The initial schema: every table of the v0.20 data model, portable between SQLite and PostgreSQL.
import { type Kysely, type CreateTableBuilder, PostgresAdapter, sql } from 'kysely';

type Builder = CreateTableBuilder<string, never>;

function table(db: Kysely<unknown>, name: string, columns: (t: Builder) => Builder): Builder {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  let t = db.schema.createTable(name).ifNotExists() as unknown as Builder;
  t = pg
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return columns(t);
}

const text = 'text' as const;
const int = 'integer' as const;
const real = 'double precision' as const;
const ts = 'text' as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const created = (t: Builder) => t.addColumn('created', ts, (c) => c.notNull());
  const stamps = (t: Builder) => created(t).addColumn('updated', ts, (c) => c.notNull());

  await table(db, 'users', (t) =>
    stamps(
      t
        .addColumn('username', text, (c) => c.notNull())
        .addColumn('email', text, (c) => c.notNull().defaultTo(''))
        .addColumn('password', text, (c) => c.notNull().defaultTo(''))
        .addColumn('name', text, (c) => c.notNull().defaultTo(''))
        .addColumn('status', int, (c) => c.notNull().defaultTo(0))
        .addColumn('issuer', text, (c) => c.notNull().defaultTo('local'))
        .addColumn('subject', text, (c) => c.notNull().defaultTo(''))
        .addColumn('avatar_provider', text, (c) => c.notNull().defaultTo('initials'))
        .addColumn('avatar_file_id', int)
        .addColumn('email_reminders_enabled', int, (c) => c.notNull().defaultTo(1))
        .addColumn('discoverable_by_name', int, (c) => c.notNull().defaultTo(0))
        .addColumn('discoverable_by_email', int, (c) => c.notNull().defaultTo(0))
        .addColumn('overdue_tasks_reminders_enabled', int, (c) => c.notNull().defaultTo(1))
        .addColumn('overdue_tasks_reminders_time', text, (c) => c.notNull().defaultTo('9:00'))
        .addColumn('default_list_id', int)
        .addColumn('week_start', int, (c) => c.notNull().defaultTo(0))
        .addColumn('language', text, (c) => c.notNull().defaultTo(''))
        .addColumn('timezone', text, (c) => c.notNull().defaultTo(''))
        .addColumn('frontend_settings', text, (c) => c.notNull().defaultTo('{}'))
        .addColumn('deletion_scheduled_at', ts)
        .addColumn('export_file_id', int),
    ),
  ).execute();
  await db.schema.createIndex('users_username_unique').ifNotExists().on('users').expression(sql`lower(username)`).unique().execute();
  await db.schema.createIndex('users_email_idx').ifNotExists().on('users').expression(sql`lower(email)`).execute();

  await table(db, 'user_tokens', (t) =>
    created(t.addColumn('user_id', int, (c) => c.notNull()).addColumn('token', text, (c) => c.notNull()).addColumn('kind', int, (c) => c.notNull())),
  ).execute();
  await db.schema.createIndex('user_tokens_token').ifNotExists().on('user_tokens').columns(['token']).execute();

  await table(db, 'totp', (t) =>
    created(
      t
        .addColumn('user_id', int, (c) => c.notNull().unique())
        .addColumn('secret', text, (c) => c.notNull())
        .addColumn('enabled', int, (c) => c.notNull().defaultTo(0))
        .addColumn('url', text, (c) => c.notNull().defaultTo('')),
    ),
  ).execute();

  await table(db, 'namespaces', (t) =>
    stamps(
      t
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('description', text, (c) => c.notNull().defaultTo(''))
        .addColumn('owner_id', int, (c) => c.notNull())
        .addColumn('hex_color', text, (c) => c.notNull().defaultTo(''))
        .addColumn('is_archived', int, (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('namespaces_owner').ifNotExists().on('namespaces').columns(['owner_id']).execute();

  await table(db, 'lists', (t) =>
    stamps(
      t
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('description', text, (c) => c.notNull().defaultTo(''))
        .addColumn('identifier', text, (c) => c.notNull().defaultTo(''))
        .addColumn('hex_color', text, (c) => c.notNull().defaultTo(''))
        .addColumn('namespace_id', int, (c) => c.notNull())
        .addColumn('owner_id', int, (c) => c.notNull())
        .addColumn('is_archived', int, (c) => c.notNull().defaultTo(0))
        .addColumn('background_file_id', int)
        .addColumn('background_blur_hash', text, (c) => c.notNull().defaultTo(''))
        .addColumn('position', real, (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('lists_namespace').ifNotExists().on('lists').columns(['namespace_id', 'position']).execute();
  await db.schema.createIndex('lists_owner').ifNotExists().on('lists').columns(['owner_id']).execute();

  await table(db, 'tasks', (t) =>
    stamps(
      t
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('description', text, (c) => c.notNull().defaultTo(''))
        .addColumn('done', int, (c) => c.notNull().defaultTo(0))
        .addColumn('done_at', ts)
        .addColumn('due_date', ts)
        .addColumn('list_id', int, (c) => c.notNull())
        .addColumn('repeat_after', int, (c) => c.notNull().defaultTo(0))
        .addColumn('repeat_mode', int, (c) => c.notNull().defaultTo(0))
        .addColumn('priority', int, (c) => c.notNull().defaultTo(0))
        .addColumn('start_date', ts)
        .addColumn('end_date', ts)
        .addColumn('hex_color', text, (c) => c.notNull().defaultTo(''))
        .addColumn('percent_done', real, (c) => c.notNull().defaultTo(0))
        .addColumn('index', int, (c) => c.notNull().defaultTo(0))
        .addColumn('uid', text, (c) => c.notNull().defaultTo(''))
        .addColumn('cover_image_attachment_id', int, (c) => c.notNull().defaultTo(0))
        .addColumn('created_by_id', int, (c) => c.notNull())
        .addColumn('bucket_id', int, (c) => c.notNull().defaultTo(0))
        .addColumn('position', real, (c) => c.notNull().defaultTo(0))
        .addColumn('kanban_position', real, (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('tasks_list_done_due').ifNotExists().on('tasks').columns(['list_id', 'done', 'due_date']).execute();
  await db.schema.createIndex('tasks_list_position').ifNotExists().on('tasks').columns(['list_id', 'position']).execute();
  await db.schema.createIndex('tasks_bucket_kanban').ifNotExists().on('tasks').columns(['bucket_id', 'kanban_position']).execute();
  await db.schema.createIndex('tasks_list_index').ifNotExists().on('tasks').columns(['list_id', 'index']).execute();
  await db.schema.createIndex('tasks_uid').ifNotExists().on('tasks').columns(['uid']).execute();

  await table(db, 'task_reminders', (t) =>
    created(t.addColumn('task_id', int, (c) => c.notNull()).addColumn('reminder', ts, (c) => c.notNull())),
  ).execute();
  await db.schema.createIndex('task_reminders_task').ifNotExists().on('task_reminders').columns(['task_id', 'reminder']).execute();

  await table(db, 'task_assignees', (t) =>
    created(t.addColumn('task_id', int, (c) => c.notNull()).addColumn('user_id', int, (c) => c.notNull())),
  ).execute();
  await db.schema.createIndex('task_assignees_task_user').ifNotExists().on('task_assignees').columns(['task_id', 'user_id']).unique().execute();
  await db.schema.createIndex('task_assignees_user').ifNotExists().on('task_assignees').columns(['user_id']).execute();

  await table(db, 'labels', (t) =>
    stamps(
      t
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('description', text, (c) => c.notNull().defaultTo(''))
        .addColumn('hex_color', text, (c) => c.notNull().defaultTo(''))
        .addColumn('created_by_id', int, (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('labels_creator').ifNotExists().on('labels').columns(['created_by_id']).execute();

  await table(db, 'label_tasks', (t) =>
    created(t.addColumn('task_id', int, (c) => c.notNull()).addColumn('label_id', int, (c) => c.notNull())),
  ).execute();
  await db.schema.createIndex('label_tasks_task_label').ifNotExists().on('label_tasks').columns(['task_id', 'label_id']).unique().execute();
  await db.schema.createIndex('label_tasks_label').ifNotExists().on('label_tasks').columns(['label_id']).execute();

  await table(db, 'task_relations', (t) =>
    created(
      t
        .addColumn('task_id', int, (c) => c.notNull())
        .addColumn('other_task_id', int, (c) => c.notNull())
        .addColumn('relation_kind', text, (c) => c.notNull())
        .addColumn('created_by_id', int, (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('task_relations_task').ifNotExists().on('task_relations').columns(['task_id', 'relation_kind', 'other_task_id']).execute();
  await db.schema.createIndex('task_relations_other').ifNotExists().on('task_relations').columns(['other_task_id']).execute();

  await table(db, 'files', (t) =>
    created(
      t
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('mime', text, (c) => c.notNull().defaultTo(''))
        .addColumn('size', int, (c) => c.notNull().defaultTo(0))
        .addColumn('created_by_id', int, (c) => c.notNull()),
    ),
  ).execute();

  await table(db, 'task_attachments', (t) =>
    created(
      t
        .addColumn('task_id', int, (c) => c.notNull())
        .addColumn('file_id', int, (c) => c.notNull())
        .addColumn('created_by_id', int, (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('task_attachments_task').ifNotExists().on('task_attachments').columns(['task_id']).execute();

  await table(db, 'task_comments', (t) =>
    stamps(
      t
        .addColumn('comment', text, (c) => c.notNull())
        .addColumn('author_id', int, (c) => c.notNull())
        .addColumn('task_id', int, (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('task_comments_task').ifNotExists().on('task_comments').columns(['task_id']).execute();

  await table(db, 'buckets', (t) =>
    stamps(
      t
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('list_id', int, (c) => c.notNull())
        .addColumn('limit', int, (c) => c.notNull().defaultTo(0))
        .addColumn('is_done_bucket', int, (c) => c.notNull().defaultTo(0))
        .addColumn('position', real, (c) => c.notNull().defaultTo(0))
        .addColumn('created_by_id', int, (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('buckets_list').ifNotExists().on('buckets').columns(['list_id', 'position']).execute();

  await table(db, 'teams', (t) =>
    stamps(
      t
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('description', text, (c) => c.notNull().defaultTo(''))
        .addColumn('created_by_id', int, (c) => c.notNull()),
    ),
  ).execute();

  await table(db, 'team_members', (t) =>
    created(
      t
        .addColumn('team_id', int, (c) => c.notNull())
        .addColumn('user_id', int, (c) => c.notNull())
        .addColumn('admin', int, (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('team_members_team_user').ifNotExists().on('team_members').columns(['team_id', 'user_id']).unique().execute();
  await db.schema.createIndex('team_members_user').ifNotExists().on('team_members').columns(['user_id']).execute();

  for (const [name, col] of [
    ['team_lists', 'team_id'],
    ['team_namespaces', 'team_id'],
    ['users_lists', 'user_id'],
    ['users_namespaces', 'user_id'],
  ] as const) {
    const target = name.endsWith('lists') ? 'list_id' : 'namespace_id';
    await table(db, name, (t) =>
      stamps(
        t
          .addColumn(col, int, (c) => c.notNull())
          .addColumn(target, int, (c) => c.notNull())
          .addColumn('right', int, (c) => c.notNull().defaultTo(0)),
      ),
    ).execute();
    await db.schema.createIndex(`${name}_unique`).ifNotExists().on(name).columns([col, target]).unique().execute();
    await db.schema.createIndex(`${name}_target`).ifNotExists().on(name).columns([target]).execute();
  }

  await table(db, 'link_shares', (t) =>
    stamps(
      t
        .addColumn('hash', text, (c) => c.notNull().unique())
        .addColumn('name', text, (c) => c.notNull().defaultTo(''))
        .addColumn('list_id', int, (c) => c.notNull())
        .addColumn('right', int, (c) => c.notNull().defaultTo(0))
        .addColumn('sharing_type', int, (c) => c.notNull().defaultTo(1))
        .addColumn('password', text, (c) => c.notNull().defaultTo(''))
        .addColumn('shared_by_id', int, (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('link_shares_list').ifNotExists().on('link_shares').columns(['list_id']).execute();

  await table(db, 'saved_filters', (t) =>
    stamps(
      t
        .addColumn('filters', text, (c) => c.notNull())
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('description', text, (c) => c.notNull().defaultTo(''))
        .addColumn('owner_id', int, (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('saved_filters_owner').ifNotExists().on('saved_filters').columns(['owner_id']).execute();

  await table(db, 'favorites', (t) =>
    created(
      t
        .addColumn('entity_id', int, (c) => c.notNull())
        .addColumn('user_id', int, (c) => c.notNull())
        .addColumn('kind', int, (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('favorites_unique').ifNotExists().on('favorites').columns(['user_id', 'kind', 'entity_id']).unique().execute();

  await table(db, 'subscriptions', (t) =>
    created(
      t
        .addColumn('entity_type', int, (c) => c.notNull())
        .addColumn('entity_id', int, (c) => c.notNull())
        .addColumn('user_id', int, (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('subscriptions_entity').ifNotExists().on('subscriptions').columns(['entity_type', 'entity_id', 'user_id']).unique().execute();

  await table(db, 'notifications', (t) =>
    created(
      t
        .addColumn('notifiable_id', int, (c) => c.notNull())
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('notification', text, (c) => c.notNull())
        .addColumn('read_at', ts),
    ),
  ).execute();
  await db.schema.createIndex('notifications_user').ifNotExists().on('notifications').columns(['notifiable_id', 'created']).execute();

  await table(db, 'migration_status', (t) =>
    created(t.addColumn('user_id', int, (c) => c.notNull()).addColumn('migrator_name', text, (c) => c.notNull())),
  ).execute();
}

export async function down(): Promise<void> {
  throw new Error('The initial schema cannot be rolled back.');
}
