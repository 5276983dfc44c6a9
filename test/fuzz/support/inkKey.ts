/**
 * Raw terminal input decoded into the (input, key) pair ink's useInput hands the dashboard,
 * with ink's own key parser, so key-handling tests without a screen see what ink would pass.
 */
type Keypress = { name?: string; ctrl?: boolean; meta?: boolean; shift?: boolean; option?: boolean; sequence: string };
const parseModule = (await import(new URL('./parse-keypress.js', import.meta.resolve('ink')).href)) as {
  default: (s: string) => Keypress;
  nonAlphanumericKeys: string[];
};

export interface InkKey {
  upArrow: boolean;
  downArrow: boolean;
  leftArrow: boolean;
  rightArrow: boolean;
  pageDown: boolean;
  pageUp: boolean;
  home: boolean;
  end: boolean;
  return: boolean;
  escape: boolean;
  ctrl: boolean;
  shift: boolean;
  tab: boolean;
  backspace: boolean;
  delete: boolean;
  meta: boolean;
}

export function inkKey(data: string): { input: string; key: InkKey } {
  const k = parseModule.default(data);
  const name = k.name ?? '';
  const key: InkKey = {
    upArrow: name === 'up',
    downArrow: name === 'down',
    leftArrow: name === 'left',
    rightArrow: name === 'right',
    pageDown: name === 'pagedown',
    pageUp: name === 'pageup',
    home: name === 'home',
    end: name === 'end',
    return: name === 'return',
    escape: name === 'escape',
    ctrl: Boolean(k.ctrl),
    shift: Boolean(k.shift),
    tab: name === 'tab',
    backspace: name === 'backspace',
    delete: name === 'delete',
    meta: Boolean(k.meta) || name === 'escape' || Boolean(k.option),
  };
  let input = k.ctrl ? name : k.sequence;
  if (parseModule.nonAlphanumericKeys.includes(name)) input = '';
  if (input.startsWith('\x1b')) input = input.slice(1);
  if (input.length === 1 && /[A-Z]/.test(input)) key.shift = true;
  return { input, key };
}
