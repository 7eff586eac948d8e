// Unexpected errors go to a toast with their technical detail, never to a blank screen.
import type { App } from 'vue';

import { useNotifyStore } from './stores/notify';

export function installErrorHandling(app: App): void {
  const notify = useNotifyStore();
  app.config.errorHandler = (error, _instance, info) => {
    console.error(`[carreta] erro em ${info}`, error);
    notify.error(error);
  };
  window.addEventListener('unhandledrejection', (event) => {
    console.error('[carreta] promessa rejeitada sem tratamento', event.reason);
    notify.error(event.reason);
    event.preventDefault();
  });
  window.addEventListener('error', (event) => {
    // Resource load errors (an <img> that failed) carry no error object and are not worth a toast.
    if (!event.error) return;
    console.error('[carreta] erro não tratado', event.error);
    notify.error(event.error);
  });
}
