/* PLACEHOLDER */
#ifndef DLT_parse_H
#define DLT_parse_H
#endif
