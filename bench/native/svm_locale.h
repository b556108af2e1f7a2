/* spike: the locale properties svm reads at start-up (names from its @CStruct/@CFunction declarations) */
typedef struct {
  char *display_language; char *display_script; char *display_country; char *display_variant;
  char *format_language; char *format_script; char *format_country; char *format_variant;
} svm_locale_props_t;
#define SVM_LOCALE_INITIALIZATION_SUCCEEDED 0
#define SVM_LOCALE_INITIALIZATION_OUT_OF_MEMORY 1
int svm_initialize_locale(void);
svm_locale_props_t *svm_get_locale(void);
