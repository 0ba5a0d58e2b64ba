// The one Jotai store, shared by React (through <Provider>) and by non-React code (session, commands).
import { createStore } from 'jotai/vanilla';

export const appStore = createStore();
export type AppStore = typeof appStore;
