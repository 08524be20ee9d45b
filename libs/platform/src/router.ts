// Remotes take react-router from here rather than importing it: shared as a module of its own,
// react-router would ship whole (≈60 KB gzip); re-exported by this singleton, the shell's build
// keeps only what the product uses, and every remote still sees the shell's one router.
export { Link, Navigate, NavLink, Outlet, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
