import { useEffect, useState } from 'react';

// The server's own list (libs/identity/data/common-passwords.txt, compiled into the binary) is the one source
// of truth: the build turns the file into a lazy chunk (webpack asset/source), loaded when a new-password
// field first shows, so the hints never go green for a password the server then refuses as too common.
let loading: Promise<ReadonlySet<string>> | null = null;
let loaded: ReadonlySet<string> | null = null;

export function parseCommonPasswords(text: string): ReadonlySet<string> {
  // As the server reads it: one entry a line, empty lines skipped, compared in lower case.
  return new Set(
    text
      .split('\n')
      .map((line) => line.replace(/\r$/, ''))
      .filter((line) => line !== ''),
  );
}

export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import(
    /* webpackChunkName: "common-passwords" */ '../../../../../libs/identity/data/common-passwords.txt?raw'
  ).then((module) => {
    loaded = parseCommonPasswords(module.default);
    return loaded;
  });
  return loading;
}

export function isCommonPassword(list: ReadonlySet<string>, password: string): boolean {
  return list.has(password.toLowerCase());
}

// The list once loaded (null before, and if the chunk fails to load: the server still checks).
export function useCommonPasswords(): ReadonlySet<string> | null {
  const [list, setList] = useState<ReadonlySet<string> | null>(loaded);
  useEffect(() => {
    if (list !== null) return;
    let live = true;
    loadCommonPasswords().then(
      (value) => {
        if (live) setList(value);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [list]);
  return list;
}
