// The Consultas tabs as child routes; the first is the area's own route (`/consultas`).
import type { RouteRecordRaw } from 'vue-router';

import type { TabRoute } from '../conta/routes';

export const consultasTabs: TabRoute[] = [
  { name: 'consultas', label: 'CEP', icon: 'pi pi-map-marker' },
  { name: 'consultas-cnpj', label: 'CNPJ', icon: 'pi pi-building' },
  { name: 'consultas-listagem', label: 'Listagem de CNPJ', icon: 'pi pi-list' },
];

export const consultasRoutes: RouteRecordRaw[] = [
  { path: '', name: 'consultas', component: () => import('./CepTab.vue') },
  { path: 'cnpj', name: 'consultas-cnpj', component: () => import('./CnpjTab.vue') },
  { path: 'listagem', name: 'consultas-listagem', component: () => import('./ListagemTab.vue') },
];
