import type { Conversion, ConversionStatus, ErrorInfo, ProgressUpdate } from './types';

export type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number; sent: number; total: number; bytesPerSecond: number; paused: boolean }
  | { kind: 'converting'; conversion: Conversion; status: ConversionStatus; progress: number; cancelling: boolean }
  | { kind: 'completed'; conversion: Conversion }
  | { kind: 'failed'; conversion: Conversion }
  | { kind: 'cancelled'; progress: number };

export type ConverterState = { file: File | null; target: string; phase: Phase; error: ErrorInfo | null };

export type Action =
  | { type: 'choose-file'; file: File }
  | { type: 'choose-target'; target: string }
  | { type: 'upload-start'; target: string }
  | { type: 'upload-progress'; sent: number; total: number; bytesPerSecond: number }
  | { type: 'upload-paused'; on: boolean }
  | { type: 'upload-refused'; error: ErrorInfo | null }
  | { type: 'uploaded'; conversion: Conversion }
  | { type: 'update'; update: ProgressUpdate }
  | { type: 'cancelling'; on: boolean }
  | { type: 'cancelled' }
  | { type: 'lost'; message: string }
  | { type: 'error'; error: ErrorInfo | null }
  | { type: 'reset' };

export const initialState: ConverterState = { file: null, target: '', phase: { kind: 'idle' }, error: null };

export function reducer(state: ConverterState, action: Action): ConverterState {
  const { phase } = state;
  switch (action.type) {
    case 'choose-file':
      return { ...state, file: action.file, phase: { kind: 'idle' }, error: null };
    case 'choose-target':
      return { ...state, target: action.target, error: null };
    case 'upload-start':
      return {
        ...state,
        target: action.target,
        phase: {
          kind: 'uploading',
          percent: 0,
          sent: 0,
          total: state.file?.size ?? 0,
          bytesPerSecond: 0,
          paused: false,
        },
        error: null,
      };
    case 'upload-progress': {
      if (phase.kind !== 'uploading') return state;
      const { sent, total, bytesPerSecond } = action;
      const percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
      return { ...state, phase: { ...phase, percent, sent, total, bytesPerSecond } };
    }
    case 'upload-paused':
      return phase.kind === 'uploading'
        ? { ...state, phase: { ...phase, paused: action.on, bytesPerSecond: 0 } }
        : state;
    case 'upload-refused':
      return { ...state, phase: { kind: 'idle' }, error: action.error };
    case 'uploaded': {
      const { conversion } = action;
      return {
        ...state,
        phase: {
          kind: 'converting',
          conversion,
          status: conversion.status,
          progress: conversion.progress,
          cancelling: false,
        },
      };
    }
    case 'update':
      return applyUpdate(state, action.update);
    case 'cancelling':
      return phase.kind === 'converting' ? { ...state, phase: { ...phase, cancelling: action.on } } : state;
    case 'cancelled':
      return {
        ...state,
        phase: { kind: 'cancelled', progress: phase.kind === 'converting' ? phase.progress : 0 },
        error: null,
      };
    case 'lost':
      return phase.kind === 'converting'
        ? {
            ...state,
            phase: { kind: 'failed', conversion: phase.conversion },
            error: { title: 'Conversion unavailable', message: action.message },
          }
        : state;
    case 'error':
      return { ...state, error: action.error };
    case 'reset':
      return { ...initialState, target: state.target }; // the last choice stays the default when it fits
  }
}

function applyUpdate(state: ConverterState, update: ProgressUpdate): ConverterState {
  const { phase } = state;
  if (phase.kind !== 'converting' || update.id !== phase.conversion.id) return state;
  const conversion = { ...phase.conversion, status: update.status, progress: update.progress };
  switch (update.status) {
    case 'completed':
      return { ...state, phase: { kind: 'completed', conversion: { ...conversion, progress: 100 } } };
    case 'failed':
      return {
        ...state,
        phase: { kind: 'failed', conversion },
        error: { title: 'Conversion failed', message: update.error ?? 'The file could not be converted.' },
      };
    case 'cancelled':
      return { ...state, phase: { kind: 'cancelled', progress: phase.progress }, error: null };
    default:
      return {
        ...state,
        phase: { ...phase, status: update.status, progress: Math.max(phase.progress, update.progress) },
      };
  }
}
