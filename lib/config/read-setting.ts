import { type Env, rawSetting, SETTINGS, type SettingName, type SettingValue } from './schema';

/**
 * Each variable's last raw value in process.env and the plain value (not an array or object) it
 * parsed to. A conversion reads a few dozen settings; parsing each with its schema on every read
 * was 1–2 % of a small conversion's CPU.
 */
const parsedFromProcessEnv = new Map<SettingName, { raw: string | undefined; value: unknown }>();

/**
 * One variable's value, parsed by its schema (its default when unset), read from the environment on
 * every call: settings an operator or a test changes apply to the next use (a value is parsed again
 * whenever its text differs from the last read's). The whole configuration was validated when the
 * process started, so this throws only for a value changed since.
 */
export function setting<K extends SettingName>(name: K, env: Env = process.env): SettingValue<K> {
  const raw = rawSetting(env, name);
  const remembered = env === process.env ? parsedFromProcessEnv.get(name) : undefined;
  if (remembered && remembered.raw === raw) return remembered.value as SettingValue<K>;
  const result = SETTINGS[name].schema.safeParse(raw);
  if (!result.success) throw new Error(`${name} ${result.error.issues[0]?.message ?? 'is invalid'}`);
  // An array or object is parsed afresh each time: a caller may change the copy it is given.
  if (env === process.env && (result.data === null || typeof result.data !== 'object'))
    parsedFromProcessEnv.set(name, { raw, value: result.data });
  return result.data as SettingValue<K>;
}

/**
 * As `setting`, but a malformed value gives the default: for what a module reads while it loads,
 * which is before the process's configuration check (validate-config.ts) can stop it naming the
 * variable.
 */
export function settingOrDefault<K extends SettingName>(name: K, env: Env = process.env): SettingValue<K> {
  const schema = SETTINGS[name].schema;
  const result = schema.safeParse(rawSetting(env, name));
  return (result.success ? result.data : schema.parse(undefined)) as SettingValue<K>;
}
