// Hash history: the app is served from app://carreta/ in Electron and from a static local host, and
// neither should need to map deep paths back to index.html. Every view is lazy-loaded so the initial
// bundle holds only the shell.
import type { RouteRecordRaw, RouterHistory } from 'vue-router';
import { createRouter, createWebHashHistory } from 'vue-router';

import type { AreaName } from './areas';
import { area } from './areas';
import { consultasRoutes } from './views/consultas/routes';
import { contaRoutes } from './views/conta/routes';
import { empresasRoutes } from './views/empresas/routes';

type Loader = NonNullable<Extract<RouteRecordRaw, { component: unknown }>['component']>;

const views: Record<AreaName, Loader> = {
  painel: () => import('./views/painel/PainelView.vue'),
  documentos: () => import('./views/documentos/DocumentosView.vue'),
  'emitir-cte': () => import('./views/emitir-cte/EmitirCteView.vue'),
  'emitir-cte-simp': () => import('./views/emitir-cte-simp/EmitirCteSimpView.vue'),
  'emitir-cteos': () => import('./views/emitir-cteos/EmitirCteOsView.vue'),
  'emitir-dce': () => import('./views/emitir-dce/EmitirDceView.vue'),
  'emitir-mdfe': () => import('./views/emitir-mdfe/EmitirMdfeView.vue'),
  'mdfe-abertos': () => import('./views/mdfe-abertos/MdfeAbertosView.vue'),
  'caixa-entrada': () => import('./views/caixa-entrada/CaixaEntradaView.vue'),
  empresas: () => import('./views/empresas/EmpresasView.vue'),
  parceiros: () => import('./views/parceiros/ParceirosView.vue'),
  consultas: () => import('./views/consultas/ConsultasView.vue'),
  conta: () => import('./views/conta/ContaView.vue'),
  configuracoes: () => import('./views/configuracoes/ConfiguracoesView.vue'),
};

/** Areas whose view holds tabs as child routes. */
const nested: Partial<Record<AreaName, RouteRecordRaw[]>> = {
  conta: contaRoutes,
  consultas: consultasRoutes,
  empresas: empresasRoutes,
};

export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/painel' },
  ...(Object.keys(views) as AreaName[]).map((name): RouteRecordRaw => {
    const record = { path: area(name).path, component: views[name], meta: { title: area(name).title } };
    // Tabbed areas: the first tab is the empty-path child and carries the area's name, so `/conta`
    // and the route name stay what the sidebar and the other areas use.
    const children = nested[name];
    return children ? { ...record, children } : { ...record, name };
  }),
  {
    // A CT-e/CT-e OS after issuing: status, events, cancel, correct, sync, files, debug.
    path: '/emitir-cte/documento/:kind(cte|cteos)/:id',
    name: 'cte-documento',
    component: () => import('./views/documento-cte/CteDocumentoView.vue'),
    meta: { title: 'CT-e' },
  },
  {
    // One MDF-e: summary, timeline, closing, driver/NF-e inclusion, cancellation, files.
    path: '/mdfe/:companyId/:id(\\d+)',
    name: 'mdfe-documento',
    component: () => import('./views/documento-mdfe/MdfeDocumentoView.vue'),
    meta: { title: 'MDF-e' },
  },
  { path: '/:rest(.*)*', redirect: '/painel' },
];

export function createAppRouter(history: RouterHistory = createWebHashHistory()) {
  const router = createRouter({ history, routes });
  router.afterEach((to) => {
    const title = typeof to.meta.title === 'string' ? to.meta.title : '';
    document.title = title ? `${title} · Carreta` : 'Carreta';
  });
  return router;
}
