import { registerConversionSubscribers } from '@/lib/processes/conversion-subscribers';

// Integration tests run conversions in the test process, which starts as the worker and the web
// process do: with the conversion's subscribers registered (webhooks, batch completion, metrics).
registerConversionSubscribers();
