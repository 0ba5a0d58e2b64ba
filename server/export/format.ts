// The shape of a data export archive: data.json, filters.json, VERSION and files/<file id>.
//
// data.json is an array of the user's namespaces, each with its lists, each list with its buckets and
// tasks, each task with every field and sub-object. Field names and date forms are the API's (snake
// case, RFC 3339, the zero date for "not set"), so the file reads like API responses.

export const DATA_FILE = 'data.json';
export const FILTERS_FILE = 'filters.json';
export const VERSION_FILE = 'VERSION';
/** Attachment and background bytes are stored as files/<id of the file row at export time>. */
export const filePath = (fileId: number) => `files/${fileId}`;

export interface ExportUserRef {
  id: number;
  username: string;
  name: string;
}

export interface ExportFileMeta {
  id: number;
  name: string;
  mime: string;
  size: number;
  created: string;
}

export interface ExportLabel {
  id: number;
  title: string;
  description: string;
  hex_color: string;
  created_by: ExportUserRef | null;
  created: string;
  updated: string;
}

export interface ExportAttachment {
  id: number;
  task_id: number;
  created_by: ExportUserRef | null;
  file: ExportFileMeta;
  created: string;
}

export interface ExportComment {
  id: number;
  comment: string;
  author: ExportUserRef | null;
  created: string;
  updated: string;
}

export interface ExportRelatedTask {
  id: number;
  title: string;
  list_id: number;
}

export interface ExportTask {
  id: number;
  title: string;
  description: string;
  done: boolean;
  done_at: string;
  due_date: string;
  start_date: string;
  end_date: string;
  reminder_dates: string[] | null;
  list_id: number;
  repeat_after: number;
  repeat_mode: number;
  priority: number;
  hex_color: string;
  percent_done: number;
  identifier: string;
  index: number;
  uid: string;
  cover_image_attachment_id: number;
  is_favorite: boolean;
  bucket_id: number;
  position: number;
  kanban_position: number;
  created_by: ExportUserRef | null;
  assignees: ExportUserRef[] | null;
  labels: ExportLabel[] | null;
  attachments: ExportAttachment[] | null;
  comments: ExportComment[] | null;
  related_tasks: Record<string, ExportRelatedTask[]>;
  created: string;
  updated: string;
}

export interface ExportBucket {
  id: number;
  title: string;
  list_id: number;
  limit: number;
  is_done_bucket: boolean;
  position: number;
  created: string;
  updated: string;
}

export interface ExportList {
  id: number;
  title: string;
  description: string;
  identifier: string;
  hex_color: string;
  namespace_id: number;
  owner: ExportUserRef | null;
  is_archived: boolean;
  is_favorite: boolean;
  position: number;
  background_file_id: number;
  background_information: { Type: 'upload' } | null;
  background_blur_hash: string;
  background_file: ExportFileMeta | null;
  buckets: ExportBucket[];
  tasks: ExportTask[];
  created: string;
  updated: string;
}

export interface ExportNamespace {
  id: number;
  title: string;
  description: string;
  hex_color: string;
  is_archived: boolean;
  owner: ExportUserRef | null;
  lists: ExportList[];
  created: string;
  updated: string;
}

export interface ExportFilter {
  id: number;
  title: string;
  description: string;
  filters: Record<string, unknown>;
  is_favorite: boolean;
  created: string;
  updated: string;
}
