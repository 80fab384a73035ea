/** Navbars: a menu button for small screens, and sub menus that open on click or tap (not only hover). */
export function mountNavbars(doc: Document): void {
  for (const nav of doc.querySelectorAll<HTMLElement>('nav.bz-nav')) {
    const list = nav.querySelector(':scope > ul');
    if (!list) continue;
    // Pages published since the navbar renders its own button have it; older ones get one here.
    let toggle = nav.querySelector<HTMLButtonElement>(':scope > .bz-nav-toggle');
    if (!toggle) {
      toggle = doc.createElement('button');
      toggle.type = 'button';
      toggle.className = 'bz-nav-toggle';
      toggle.textContent = '☰';
      toggle.setAttribute('aria-label', 'Menu');
      toggle.setAttribute('aria-expanded', 'false');
      list.before(toggle);
    }
    const button = toggle;
    button.addEventListener('click', () => {
      const open = nav.classList.toggle('bz-open');
      button.setAttribute('aria-expanded', String(open));
    });
    // Escape closes what this navbar has open: the menu (focus back on its button), and any sub menu.
    doc.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      for (const item of nav.querySelectorAll('li.bz-sub-open')) item.classList.remove('bz-sub-open');
      if (!nav.classList.contains('bz-open')) return;
      nav.classList.remove('bz-open');
      button.setAttribute('aria-expanded', 'false');
      button.focus();
    });
    for (const item of nav.querySelectorAll<HTMLLIElement>('li')) {
      const sub = item.querySelector(':scope > ul');
      const link = item.querySelector(':scope > a');
      if (!sub || !link) continue;
      link.setAttribute('aria-haspopup', 'true');
      link.addEventListener('click', (event) => {
        // The first tap opens the sub menu; a second one follows the link.
        if (item.classList.contains('bz-sub-open')) return;
        event.preventDefault();
        for (const other of nav.querySelectorAll('li.bz-sub-open')) other.classList.remove('bz-sub-open');
        item.classList.add('bz-sub-open');
      });
    }
  }
}
