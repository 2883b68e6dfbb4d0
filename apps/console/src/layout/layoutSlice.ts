// Shell state: sidebar (persisted), mobile drawer, visited tags (persisted), size and theme
// (persisted), and how often each view was refreshed (its remount key).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSidebarOpened } from './sidebarStorage';
import { readVisitedTags } from './tagsStorage';
import { readLayoutSize, readThemeMode, DEFAULT_LAYOUT_SIZE, type LayoutSize, type ThemeMode } from './preferences';
import { tokenCleared } from '../features/auth/authSlice';
import { addVisitedTag, closeAllTags, closeOtherTags, closeTag, registerAffixTags, type VisitedTag } from './tags';

export interface LayoutState {
  /** Desktop: full 240px sidebar when true, icon rail when false. */
  sidebarOpened: boolean;
  /** Mobile (<992px): temporary drawer visibility. */
  mobileSidebarOpen: boolean;
  visitedTags: VisitedTag[];
  size: LayoutSize;
  themeMode: ThemeMode;
  /** Times each path was refreshed from the tags bar: part of its view's key, so it remounts. */
  refreshCounts: Record<string, number>;
}

export function createInitialLayoutState(): LayoutState {
  return {
    sidebarOpened: readSidebarOpened(),
    mobileSidebarOpen: false,
    visitedTags: readVisitedTags(),
    size: readLayoutSize(),
    themeMode: readThemeMode(),
    refreshCounts: {},
  };
}

const layoutSlice = createSlice({
  name: 'layout',
  initialState: (): LayoutState => ({
    sidebarOpened: true,
    mobileSidebarOpen: false,
    visitedTags: [],
    size: DEFAULT_LAYOUT_SIZE,
    themeMode: 'light',
    refreshCounts: {},
  }),
  reducers: {
    sidebarToggled(state) {
      state.sidebarOpened = !state.sidebarOpened;
    },
    mobileSidebarToggled(state) {
      state.mobileSidebarOpen = !state.mobileSidebarOpen;
    },
    mobileSidebarClosed(state) {
      state.mobileSidebarOpen = false;
    },
    affixTagsRegistered(state, action: PayloadAction<VisitedTag[]>) {
      state.visitedTags = registerAffixTags(state.visitedTags, action.payload);
    },
    tagVisited(state, action: PayloadAction<VisitedTag>) {
      state.visitedTags = addVisitedTag(state.visitedTags, action.payload);
    },
    tagClosed(state, action: PayloadAction<string>) {
      state.visitedTags = closeTag(state.visitedTags, action.payload);
    },
    otherTagsClosed(state, action: PayloadAction<string>) {
      state.visitedTags = closeOtherTags(state.visitedTags, action.payload);
    },
    allTagsClosed(state) {
      state.visitedTags = closeAllTags(state.visitedTags);
    },
    viewRefreshed(state, action: PayloadAction<string>) {
      state.refreshCounts[action.payload] = (state.refreshCounts[action.payload] ?? 0) + 1;
    },
    layoutSizeChosen(state, action: PayloadAction<LayoutSize>) {
      state.size = action.payload;
    },
    themeModeChosen(state, action: PayloadAction<ThemeMode>) {
      state.themeMode = action.payload;
    },
  },
  extraReducers: (builder) => {
    // Views visited by one user are not offered to the next one.
    builder.addCase(tokenCleared, (state) => {
      state.visitedTags = closeAllTags(state.visitedTags);
    });
  },
});

export const {
  sidebarToggled,
  mobileSidebarToggled,
  mobileSidebarClosed,
  affixTagsRegistered,
  tagVisited,
  tagClosed,
  otherTagsClosed,
  allTagsClosed,
  viewRefreshed,
  layoutSizeChosen,
  themeModeChosen,
} = layoutSlice.actions;
export const layoutReducer = layoutSlice.reducer;
