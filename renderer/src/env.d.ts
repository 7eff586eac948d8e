/// <reference types="vite/client" />

// PrimeVue ships this module without types; it is the bus its Toast component listens on.
declare module 'primevue/toasteventbus' {
  const ToastEventBus: {
    on(type: string, handler: (payload: unknown) => void): void;
    off(type: string, handler: (payload: unknown) => void): void;
    emit(type: string, payload?: unknown): void;
  };
  export default ToastEventBus;
}
