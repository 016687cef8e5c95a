#!/usr/bin/env node
// Committed (unlike dist/) so that npm links the command before the first build.
import '../dist/cli.js';
