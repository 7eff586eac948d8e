import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  /** Developer tools are offered only in development builds. */
  isPackaged: boolean;
  showAbout: () => void;
}

/** The application menu in Portuguese; roles keep the native behaviour and shortcuts. */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload', label: 'Recarregar' },
    ...(options.isPackaged
      ? []
      : ([
          { role: 'toggleDevTools', label: 'Ferramentas do desenvolvedor' },
        ] as MenuItemConstructorOptions[])),
    { type: 'separator' },
    { role: 'resetZoom', label: 'Tamanho original' },
    { role: 'zoomIn', label: 'Aumentar zoom' },
    { role: 'zoomOut', label: 'Diminuir zoom' },
    { type: 'separator' },
    { role: 'togglefullscreen', label: 'Tela cheia' },
  ];
  return [
    { label: 'Arquivo', submenu: [{ role: 'quit', label: 'Sair' }] },
    {
      label: 'Editar',
      submenu: [
        { role: 'undo', label: 'Desfazer' },
        { role: 'redo', label: 'Refazer' },
        { type: 'separator' },
        { role: 'cut', label: 'Recortar' },
        { role: 'copy', label: 'Copiar' },
        { role: 'paste', label: 'Colar' },
        { type: 'separator' },
        { role: 'selectAll', label: 'Selecionar tudo' },
      ],
    },
    { label: 'Exibir', submenu: view },
    {
      label: 'Janela',
      submenu: [
        { role: 'minimize', label: 'Minimizar' },
        { role: 'close', label: 'Fechar' },
      ],
    },
    { label: 'Ajuda', submenu: [{ label: 'Sobre o Carreta', click: () => options.showAbout() }] },
  ];
}
