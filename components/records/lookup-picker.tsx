"use client";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

export interface LookupChoice {
  id: string;
  title: string;
}

/** Searches the target object's records by name (a server action the page passes down). */
export type LookupSearch = (object: string, typed: string) => Promise<LookupChoice[]>;

interface Props {
  /** The form field's name; the chosen record's id is posted under it. */
  name: string;
  targetObject: string;
  value: string;
  /** The first choices (the current record by name first), shown before anything is typed. */
  choices: LookupChoice[];
  search?: LookupSearch;
  required?: boolean;
}

const DEBOUNCE_MS = 200;

/** Whether a word of the title starts with each typed word, as the server's search matches (accents aside). */
const matches = (title: string, typed: string): boolean => {
  const words = title.toLowerCase().split(/\s+/);
  return typed
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((t) => words.some((w) => w.startsWith(t)));
};

/**
 * A lookup chosen by name: an ARIA combobox (type to search, arrows to move, Enter to choose, Escape
 * to close), posting the chosen record's id in a hidden input. Never asks anyone to paste an id.
 */
export function LookupPicker({ name, targetObject, value, choices, search, required }: Props) {
  const listId = useId();
  const [chosen, setChosen] = useState<LookupChoice | null>(() => choices.find((c) => c.id === value) ?? null);
  const [typed, setTyped] = useState(chosen?.title ?? "");
  const [options, setOptions] = useState<LookupChoice[]>(choices);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);

  // Each keystroke asks after a pause; only the latest question's answer is shown.
  useEffect(() => {
    if (!open || !search || typed === (chosen?.title ?? "")) return;
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      setBusy(true);
      search(targetObject, typed).then(
        (found) => {
          if (ask !== asked.current) return;
          setOptions(found);
          setActive(found.length ? 0 : -1);
          setBusy(false);
        },
        () => ask === asked.current && setBusy(false),
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, open, search, targetObject, chosen]);

  const choose = (c: LookupChoice | null) => {
    setChosen(c);
    setTyped(c?.title ?? "");
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (options.length ? (i + step + options.length) % options.length : -1));
    } else if (e.key === "Enter" && open) {
      // Enter picks the highlighted record instead of submitting the form.
      e.preventDefault();
      if (active >= 0 && options[active]) choose(options[active]);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      setTyped(chosen?.title ?? "");
    }
  };

  return (
    <span className="lookup-picker">
      <input type="hidden" name={name} value={chosen?.id ?? ""} />
      <input
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-required={required || undefined}
        aria-busy={busy || undefined}
        autoComplete="off"
        maxLength={200}
        placeholder={`Search ${targetObject} by name`}
        value={typed}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setTyped(next);
          setOpen(true);
          // Until the search answers, the choices at hand that match; then the server's.
          const near = next ? options.filter((c) => matches(c.title, next)) : choices;
          setOptions(near);
          setActive(near.length ? 0 : -1);
          // What is typed replaces the choice until a record is picked again; cleared, the field is empty.
          if (chosen) setChosen(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul id={listId} role="listbox" className="lookup-options" aria-label={`${targetObject} records`}>
          {options.length === 0 ? (
            <li className="hint" role="presentation">
              {busy ? "Searching…" : "No record's name starts with that."}
            </li>
          ) : (
            options.map((c, i) => (
              <li
                key={c.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? "active" : undefined}
                // mousedown, not click: the input's blur would close the list before a click lands.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(c);
                }}
              >
                {c.title}
              </li>
            ))
          )}
        </ul>
      )}
    </span>
  );
}
