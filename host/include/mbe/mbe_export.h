// SPDX-License-Identifier: Apache-2.0
// MBE_API marks every exported function; extern "C" guards for C++ callers.
#ifndef MBE_EXPORT_H
#define MBE_EXPORT_H

#if defined(__GNUC__)
#define MBE_API __attribute__((visibility("default")))
#else
#define MBE_API
#endif

#ifdef __cplusplus
#define MBE_BEGIN_DECLS extern "C" {
#define MBE_END_DECLS }
#else
#define MBE_BEGIN_DECLS
#define MBE_END_DECLS
#endif

#endif
