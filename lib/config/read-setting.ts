import { type Env, rawSetting, SETTINGS, type SettingName, type SettingValue } from './schema';

/**
 * One variable's value, parsed by its schema (its default when unset), read from the environment on
 * every call: settings an operator or a test changes apply to the next use. The whole configuration
 * was validated when the process started, so this throws only for a value changed since.
 */
export function setting<K extends SettingName>(name: K, env: Env = process.env): SettingValue<K> {
  const result = SETTINGS[name].schema.safeParse(rawSetting(env, name));
  if (!result.success) throw new Error(`${name} ${result.error.issues[0]?.message ?? 'is invalid'}`);
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
