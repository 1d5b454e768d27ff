import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

// Features dispatch thunks (RTK Query utilities) without knowing the app's root state.
export type FeatureDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
export const useAppDispatch = useDispatch.withTypes<FeatureDispatch>();
