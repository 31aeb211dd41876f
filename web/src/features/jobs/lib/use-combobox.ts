// The one listbox/combobox behaviour (WAI-ARIA 1.2 pattern) of the search's text fields "Was?" and
// "Wo?": open on typing and focus, close a moment after blur (so a click on a suggestion still
// lands; focusing again cancels it), arrows move the active option, Enter chooses it, Escape closes
// the list and keeps the typed text (a search field would clear itself on Escape), a mouse press
// chooses. Each field keeps its own list contents and what choosing means.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';

/** `value` once it has stayed the same for `ms` (one request per pause in typing). */
export function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function useCombobox<T>(onChoose: (option: T) => void) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  function choose(option: T) {
    onChoose(option);
    setOpen(false);
    setActive(-1);
  }

  /**
   * The input's combobox attributes and handlers; `shown`: the list is visible (open and worth
   * showing), `options`: what it lists (found while `open`).
   */
  function inputProps(shown: boolean, options: readonly T[]) {
    return {
      id: inputId,
      role: 'combobox' as const,
      'aria-expanded': shown,
      'aria-controls': listId,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': shown && active >= 0 ? optionId(active) : undefined,
      autoComplete: 'off',
      onFocus: () => {
        clearTimeout(blurTimer.current);
        setOpen(true);
      },
      onBlur: () => {
        blurTimer.current = setTimeout(() => setOpen(false), 150);
      },
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'ArrowDown' && options.length > 0) {
          event.preventDefault();
          setOpen(true);
          setActive((i) => Math.min(i + 1, options.length - 1));
        } else if (event.key === 'ArrowUp' && options.length > 0) {
          event.preventDefault();
          setActive((i) => Math.max(i - 1, 0));
        } else if (event.key === 'Enter' && shown && active >= 0 && options[active] !== undefined) {
          event.preventDefault();
          choose(options[active]);
        } else if (event.key === 'Escape') {
          if (shown) event.preventDefault();   // closing the list, not clearing the field
          setOpen(false);
          setActive(-1);
        }
      },
    };
  }

  /** Call from the input's onChange: typing opens the list anew. */
  function typed() {
    setOpen(true);
    setActive(-1);
  }

  /** An option's attributes; `className` gets the active one's class from the caller. */
  function optionProps(index: number, option: T) {
    return {
      id: optionId(index),
      role: 'option' as const,
      'aria-selected': index === active,
      onMouseDown: (event: MouseEvent) => {
        event.preventDefault();
        choose(option);
      },
    };
  }

  return { open, active, inputId, listId, choose, inputProps, optionProps, typed };
}
