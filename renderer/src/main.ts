import 'primeicons/primeicons.css';
import './styles/base.css';

import { createPinia } from 'pinia';
import PrimeVue from 'primevue/config';
import ToastService from 'primevue/toastservice';
import Tooltip from 'primevue/tooltip';
import { createApp } from 'vue';

import '@shared/zod-locale';

import App from './App.vue';
import { installErrorHandling } from './error-handling';
import { localePtBr } from './locale-pt-br';
import { panelTitleToggle } from './panel-title-toggle';
import { createAppRouter } from './router';
import { theme } from './theme';

const app = createApp(App);
const pinia = createPinia();
app.use(pinia);
app.use(createAppRouter());
app.use(PrimeVue, {
  theme,
  locale: localePtBr,
  ripple: false,
  pt: panelTitleToggle,
});
app.use(ToastService);
app.directive('tooltip', Tooltip);
installErrorHandling(app);
app.mount('#app');
