import { type KeyboardEvent, type ReactNode, useRef } from 'react';

/** The element id of a tab, for a page that sends focus back to it. */
export const tabId = (id: string) => `tab-${id}`;

export interface TabItem {
  id: string;
  label: ReactNode;
}

/**
 * WAI-ARIA tabs: one tab stop, arrow keys / Home / End move between tabs, the panel is
 * labelled by its tab.
 */
export function Tabs({
  items,
  selected,
  onSelect,
  label,
  className = '',
  tabClassName,
  children,
}: {
  items: TabItem[];
  selected: number;
  onSelect: (index: number) => void;
  label: string;
  className?: string;
  tabClassName: (active: boolean) => string;
  children: ReactNode;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = items[selected];
  const onKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const next = targets[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
        {items.map((item, i) => (
          <button
            key={item.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(item.id)}
            aria-selected={i === selected}
            aria-controls={`panel-${item.id}`}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => onSelect(i)}
            className={tabClassName(i === selected)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" id={`panel-${current.id}`} aria-labelledby={tabId(current.id)}>
          {children}
        </div>
      )}
    </>
  );
}
