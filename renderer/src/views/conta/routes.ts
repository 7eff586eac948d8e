// The Conta tabs as child routes, so a banner or the Painel can link straight to one of them. The
// first tab is the area's own route (`/conta`, name `conta`).
import type { RouteRecordRaw } from 'vue-router';

export interface TabRoute {
  name: string;
  label: string;
  icon: string;
}

export const contaTabs: TabRoute[] = [
  { name: 'conta', label: 'Cotas', icon: 'pi pi-chart-bar' },
  { name: 'conta-autorizadores', label: 'Autorizadores', icon: 'pi pi-server' },
  { name: 'conta-certificados', label: 'Certificados', icon: 'pi pi-id-card' },
  { name: 'conta-emails', label: 'E-mails enviados pela API', icon: 'pi pi-envelope' },
];

export const contaRoutes: RouteRecordRaw[] = [
  { path: '', name: 'conta', component: () => import('./CotasTab.vue') },
  { path: 'autorizadores', name: 'conta-autorizadores', component: () => import('./AutorizadoresTab.vue') },
  { path: 'certificados', name: 'conta-certificados', component: () => import('./CertificadosTab.vue') },
  { path: 'emails', name: 'conta-emails', component: () => import('./EmailsTab.vue') },
];
