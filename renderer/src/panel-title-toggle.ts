// A collapsible panel opens and closes by clicking its title, not only the small chevron at the
// right (issue 19: clerks click the words). A PrimeVue pass-through on every toggleable Panel.

interface PanelPtContext {
  instance: { toggle: (event: Event) => void };
  props: { toggleable?: boolean };
}

export const panelTitleToggle = {
  panel: {
    header: ({ instance, props }: PanelPtContext) =>
      props.toggleable
        ? {
            class: 'panel-header--toggle',
            onClick: (event: MouseEvent) => {
              // The chevron button and anything interactive in the header handle their own clicks.
              // The path is taken at dispatch: by the time the click bubbles here the button's icon
              // may already be re-rendered and detached, so `target.closest` would miss the button.
              const interactive = event
                .composedPath()
                .some(
                  (node) =>
                    node instanceof Element && node.matches('button, a, input, select, textarea, label'),
                );
              if (interactive) return;
              instance.toggle(event);
            },
          }
        : {},
  },
};
