/**
 * A product card's '⋯' menu on /products (the WAI-ARIA menu button pattern): Preview, Edit and
 * Delete; arrows, Home and End move between them, Escape and Tab close it, and focus goes back
 * to the button so a dialog opened from it returns there.
 */
import { useEffect, useRef, useState } from 'react';
import { DotsIcon, EditIcon, EyeIcon, TrashIcon } from './icons';
import type { StudioProduct } from './types';

export function CardMenu({ product, onPreview, onEdit, onDelete }: { product: StudioProduct; onPreview(): void; onEdit(): void; onDelete(): void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const choose = (action: () => void) => {
    setOpen(false);
    // The menu item disappears: focus its button first, so a dialog opened now returns focus there.
    button.current?.focus();
    action();
  };
  const onKey = (e: React.KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    } else if (e.key === 'Home') {
      e.preventDefault();
      items[0]?.focus();
    } else if (e.key === 'End') {
      e.preventDefault();
      items[items.length - 1]?.focus();
    }
  };

  return (
    <div className="st-menu">
      <button
        ref={button}
        type="button"
        className="st-icon-btn st-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Actions for ${product.title}`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <DotsIcon size={20} />
      </button>
      {open && (
        <ul ref={menu} className="st-menu-list" role="menu" aria-label={`Actions for ${product.title}`} onKeyDown={onKey}>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(onPreview)}>
              <EyeIcon size={16} /> Preview
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(onEdit)}>
              <EditIcon size={16} /> Edit
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} className="is-danger" onClick={() => choose(onDelete)}>
              <TrashIcon size={16} /> Delete
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
