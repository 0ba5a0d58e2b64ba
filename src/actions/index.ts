// The actions layer: every domain action once, for registry commands and buttons alike (see DESIGN.md "Actions are written once").
export * as tasks from './tasks';
export * as labels from './labels';
export * as buckets from './buckets';
