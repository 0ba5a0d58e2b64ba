// What the task detail's letter shortcuts call on a field editor: open it with the focus in its input.

export interface FieldHandle {
  open: () => void;
}
