"use client";
import { useCallback, useSyncExternalStore } from "react";

/**
 * The API key lives in memory and sessionStorage only: it survives a reload of this tab but not
 * the browser session, and other tabs or later visitors of the machine never see it.
 */
const STORAGE_KEY = "crm.docs.apiKey";

let current: string | undefined;
const listeners = new Set<() => void>();

function readStorage(): string {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) ?? "";
  } catch {
    return ""; // storage can be disabled (privacy modes); the key then lasts until reload
  }
}

function writeStorage(value: string): void {
  try {
    if (value) window.sessionStorage.setItem(STORAGE_KEY, value);
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Same as above: memory alone is fine.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): string {
  current ??= readStorage();
  return current;
}

// The server never knows the key; React swaps in the stored one right after hydration.
const getServerSnapshot = (): string => "";

export function useSessionApiKey(): [string, (value: string) => void] {
  const apiKey = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const setApiKey = useCallback((value: string) => {
    current = value;
    writeStorage(value);
    for (const listener of listeners) listener();
  }, []);
  return [apiKey, setApiKey];
}
