// The Empresas screens as child routes of the area (see router.ts `nested`): the list is the
// empty-path child and carries the area's name.
import type { RouteRecordRaw } from 'vue-router';

export const empresasRoutes: RouteRecordRaw[] = [
  { path: '', name: 'empresas', component: () => import('./EmpresasListView.vue') },
  {
    path: 'nova',
    name: 'empresas-nova',
    component: () => import('./NovaEmpresaView.vue'),
    meta: { title: 'Nova empresa' },
  },
  {
    path: ':cnpj',
    name: 'empresas-detalhe',
    component: () => import('./EmpresaDetalheView.vue'),
    meta: { title: 'Empresa' },
  },
];
